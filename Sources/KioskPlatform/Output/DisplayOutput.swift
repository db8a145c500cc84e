import KioskGraphics

/// One buffer that a display scans out. KioskKit writes into it and never reads from it:
/// scanout memory is often uncached, and reads from it are many times slower than writes.
public struct ScanoutBuffer {
    public let pixels: UnsafeMutableRawPointer
    public let stride: Int
    public let width: Int
    public let height: Int

    public init(pixels: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int) {
        self.pixels = pixels
        self.stride = stride
        self.width = width
        self.height = height
    }
}

/// What a backend (DRM, headless) offers the compositor: a set of XRGB8888 buffers and a way to
/// show one of them.
public protocol DisplayOutput: AnyObject {
    /// The buffers, in a fixed order; `Swapchain` keeps per-buffer damage by index.
    var buffers: [ScanoutBuffer] { get }
    /// A buffer that may be written now, or nil while none is free (a flip is still in flight).
    func nextFreeBuffer() -> Int?
    /// Shows the buffer. `damage`, in buffer pixels, is what changed since it was last shown
    /// (a hint for the kernel's FB_DAMAGE_CLIPS).
    func present(bufferIndex: Int, damage: Region) throws
}
