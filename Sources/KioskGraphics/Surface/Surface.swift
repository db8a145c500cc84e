import CCairo
import FoundationEssentials
import Glibc

public struct SurfaceError: Error, CustomStringConvertible {
    public let description: String
}

/// A block of pixels in memory that a `Canvas` paints into, owning its cairo image surface.
public final class Surface {
    let handle: OpaquePointer
    public let width: Int
    public let height: Int
    public let format: PixelFormat

    /// pixman's image of these pixels, made the first time something composites with pixman.
    private(set) lazy var pixmanImage = PixmanImage(of: self)

    /// cairo's largest image side.
    public static let maximumSide = 32_767

    /// A new surface cleared to transparent black. cairo has no pixels for an empty surface nor
    /// for one beyond its limits or the memory at hand: each side is kept within
    /// 1…`maximumSide`, and a surface cairo still cannot allocate is 1×1, so that painting
    /// goes on (clipped) instead of the process stopping on memory that is not there.
    public convenience init(width: Int, height: Int, format: PixelFormat = .argb32) {
        let width = min(max(width, 1), Self.maximumSide), height = min(max(height, 1), Self.maximumSide)
        self.init(handle: cairo_image_surface_create(format.cairoFormat, Int32(width), Int32(height))!, format: format)
    }

    /// Owns `handle`, a new image surface, or one of 1×1 in its place when cairo could not make it.
    init(handle: OpaquePointer, format: PixelFormat) {
        var handle = handle
        if cairo_surface_status(handle) != CAIRO_STATUS_SUCCESS {
            cairo_surface_destroy(handle)
            handle = cairo_image_surface_create(format.cairoFormat, 1, 1)!
        }
        self.handle = handle
        width = Int(cairo_image_surface_get_width(handle))
        height = Int(cairo_image_surface_get_height(handle))
        self.format = format
        LiveInstances.surfaces.increment()
    }

    /// PNG files larger than this are not images a kiosk shows (a 4K screenshot is a few MB).
    public static let maximumPNGFileSize = 64 * 1024 * 1024

    /// Decodes a PNG file: a regular file only (`RegularFile`), so a FIFO or a device at the path
    /// is reported instead of blocking the kiosk.
    public convenience init(contentsOfPNG path: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.contents(of: path, limit: Self.maximumPNGFileSize)
        } catch {
            throw SurfaceError(description: "cannot read PNG \(path): it \(error.reason)")
        }
        try self.init(pngBytes: bytes, name: path)
    }

    /// Decodes PNG bytes (`name` is for the error message). Grey and palette PNGs are converted once
    /// to premultiplied ARGB.
    public init(pngBytes: [UInt8], name: String = "PNG data") throws {
        if let (width, height) = ImageLimits.pngDimensions(pngBytes) {
            try ImageLimits.check(width: width, height: height, name: name)
        }
        var reader = PNGByteReader(bytes: pngBytes)
        var surface = withUnsafeMutablePointer(to: &reader) { pointer in
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                closure!.assumingMemoryBound(to: PNGByteReader.self).pointee.read(into: data, count: Int(length))
            }, pointer)!
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw SurfaceError(description: "cannot read PNG \(name): \(String(cString: cairo_status_to_string(status)))")
        }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let sourceFormat = cairo_image_surface_get_format(surface)
        if sourceFormat != CAIRO_FORMAT_RGB24 && sourceFormat != CAIRO_FORMAT_ARGB32 {
            let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
            let cr = cairo_create(converted)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            surface = converted
        }
        handle = surface
        self.width = width
        self.height = height
        format = sourceFormat == CAIRO_FORMAT_RGB24 ? .xrgb8888 : .argb32
        LiveInstances.surfaces.increment()
    }

    deinit {
        cairo_surface_destroy(handle)
        LiveInstances.surfaces.decrement()
    }

    public var size: Size { Size(width: Double(width), height: Double(height)) }

    /// Bytes from one row to the next.
    public var stride: Int { Int(cairo_image_surface_get_stride(handle)) }

    /// The pixel memory. Callers that write through it must call `markDirty()` before cairo paints again.
    public var pixels: UnsafeMutableRawPointer {
        cairo_surface_flush(handle)
        return UnsafeMutableRawPointer(cairo_image_surface_get_data(handle))!
    }

    /// Tells cairo that the pixels were changed behind its back.
    public func markDirty() {
        cairo_surface_mark_dirty(handle)
    }

    /// Tells cairo that the pixels inside `rect` were changed behind its back.
    public func markDirty(_ rect: PixelRect) {
        cairo_surface_mark_dirty_rectangle(handle, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }

    /// The pixel at (x, y) as 0xAARRGGBB (premultiplied for argb32; alpha forced to FF for xrgb8888).
    public func pixel(x: Int, y: Int) -> UInt32 {
        pixel(at: pixels, x: x, y: y)
    }

    /// `pixel(x:y:)` in memory already flushed (`pixels`), so a loop over a whole picture flushes
    /// once rather than once a pixel.
    func pixel(at memory: UnsafeMutableRawPointer, x: Int, y: Int) -> UInt32 {
        switch format {
        case .a8: UInt32(memory.load(fromByteOffset: y * stride + x, as: UInt8.self)) << 24
        case .xrgb8888: memory.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) | 0xFF00_0000
        case .argb32: memory.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        }
    }

    /// Writes the PNG beside `path` and renames it over it (`FileReplacement`): for a picture that
    /// is written again and again where others read it, such as the headless frame.
    public func writePNG(replacing path: String) throws {
        try FileReplacement.replace(path, with: try pngBytes())
    }

    public func writePNG(to path: String) throws {
        let status = cairo_surface_write_to_png(handle, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw SurfaceError(description: "cannot write PNG \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// The surface encoded as PNG, in memory (for sending it somewhere rather than to a path).
    public func pngBytes() throws -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(handle, { context, data, length in
                let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw SurfaceError(description: "cannot encode PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.bytes
    }

    /// Copies rectangles of pixels from another surface of the same format and size.
    public func copyPixels(from source: Surface, in rect: PixelRect) {
        precondition(source.format == format && format != .a8, "copy between different pixel formats")
        let clipped = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        if clipped.isEmpty { return }
        let from = source.pixels, to = pixels
        let rowBytes = clipped.width * 4
        for row in clipped.y..<(clipped.y + clipped.height) {
            memcpy(to + row * stride + clipped.x * 4, from + row * source.stride + clipped.x * 4, rowBytes)
        }
        markDirty()
    }

    /// A new surface holding the same pixels.
    public func copy() -> Surface {
        let copy = Surface(width: width, height: height, format: format)
        copy.copyPixels(from: self, in: PixelRect(x: 0, y: 0, width: width, height: height))
        return copy
    }
}

/// Feeds bytes already in memory to cairo's PNG reader.
private struct PNGByteReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func read(into destination: UnsafeMutablePointer<UInt8>?, count: Int) -> cairo_status_t {
        guard let destination, count <= bytes.count - offset else { return CAIRO_STATUS_READ_ERROR }
        bytes.withUnsafeBufferPointer { source in
            destination.update(from: source.baseAddress! + offset, count: count)
        }
        offset += count
        return CAIRO_STATUS_SUCCESS
    }
}
