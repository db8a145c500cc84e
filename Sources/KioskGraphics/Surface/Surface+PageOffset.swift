import CCairo
import FoundationEssentials
import Glibc

extension Surface {
    /// A new surface cleared to zero (transparent black) whose pixels start `pageOffset` bytes into
    /// a page (0 ..< 4096, a multiple of 16), in a mapping of their own that cairo unmaps when it
    /// lets the surface go. A mapping of 2 MiB or more is asked for in huge pages.
    ///
    /// Buffers that rows are copied between are placed half a page apart (`MemoryOutput`): a row
    /// moved a few pixels to the right lands a few bytes past its source modulo 4 KiB, and a forward
    /// copy then waits on its own stores ("4K aliasing", see `copyRow`). Half a page apart, only a
    /// move of about half a page of pixels does. Where the mapping cannot be made, the surface is an
    /// ordinary one.
    public convenience init(width: Int, height: Int, format: PixelFormat, pageOffset: Int) {
        precondition((0..<4096).contains(pageOffset) && pageOffset.isMultiple(of: 16), "a page offset of \(pageOffset)")
        let width = min(max(width, 1), Self.maximumSide), height = min(max(height, 1), Self.maximumSide)
        let stride = Int(cairo_format_stride_for_width(format.cairoFormat, Int32(width)))
        guard stride > 0, let handle = Self.mappedImage(width: width, height: height, stride: stride, format: format,
                                                         pageOffset: pageOffset) else {
            self.init(width: width, height: height, format: format)
            return
        }
        self.init(handle: handle, format: format)
    }

    /// An image surface on a new anonymous mapping (zero until written, so untouched rows cost no
    /// memory), or nil.
    private static func mappedImage(width: Int, height: Int, stride: Int, format: PixelFormat, pageOffset: Int) -> OpaquePointer? {
        let (bytes, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow else { return nil }
        // A screen's buffer is a few MiB: in whole huge pages (where the kernel has them), its
        // first frame faults it in a handful of times instead of once every 4 KiB.
        let hugePage = 2 << 20
        let length = bytes + pageOffset < hugePage ? bytes + pageOffset : (bytes + pageOffset + hugePage - 1) / hugePage * hugePage
        guard let base = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != MAP_FAILED
        else { return nil }
        if length >= hugePage { _ = madvise(base, length, MADV_HUGEPAGE) }
        let pixels = (base + pageOffset).assumingMemoryBound(to: UInt8.self)
        let handle = cairo_image_surface_create_for_data(pixels, format.cairoFormat, Int32(width), Int32(height), Int32(stride))!
        // Where the mapping is and how long, for cairo to hand back when it destroys the surface.
        let mapping = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        mapping[0] = Int(bitPattern: base)
        mapping[1] = length
        guard cairo_surface_status(handle) == CAIRO_STATUS_SUCCESS,
              cairo_surface_set_user_data(handle, mappingKey, mapping, { data in
                  guard let mapping = data?.assumingMemoryBound(to: Int.self) else { return }
                  munmap(UnsafeMutableRawPointer(bitPattern: mapping[0]), mapping[1])
                  mapping.deallocate()
              }) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(handle)
            munmap(base, length)
            mapping.deallocate()
            return nil
        }
        return handle
    }
}

/// The key cairo files a mapped surface's mapping under: only its address matters, so it is
/// allocated once and never written.
nonisolated(unsafe) private let mappingKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
