import KioskGraphics
import KioskPlatform

/// The headless display: buffers in memory. A presented buffer is the front one at once; when the
/// flip counts as done is up to the owner (`onPresent`: the headless display completes it at its
/// next virtual vblank). It keeps two buffers by default, so tests exercise the same buffer-age
/// bookkeeping as a real double-buffered display.
public final class MemoryOutput: DisplayOutput {
    public let surfaces: [Surface]
    public let buffers: [ScanoutBuffer]
    public private(set) var frontIndex: Int?
    public private(set) var presentCount = 0
    /// The damage passed with the last present, in buffer pixels.
    public private(set) var lastPresentedDamage = Region()
    /// Called after each present, as a flip is submitted.
    public var onPresent: (() -> Void)?

    public init(width: Int, height: Int, bufferCount: Int = 2) {
        // Half a page apart, so that a row a slide or a swipe moves by a few pixels from one buffer
        // into the next is not copied at a few bytes past its source modulo 4 KiB (`Surface.init(
        // width:height:format:pageOffset:)`).
        surfaces = (0..<bufferCount).map { index in
            Surface(width: width, height: height, format: .xrgb8888, pageOffset: index.isMultiple(of: 2) ? 0 : 2048)
        }
        // The surfaces' own sizes: a surface may be smaller than asked for (see `Surface.init`).
        buffers = surfaces.map { ScanoutBuffer(pixels: $0.pixels, stride: $0.stride, width: $0.width, height: $0.height) }
    }

    public func nextFreeBuffer() -> Int? {
        guard let frontIndex else { return 0 }
        return (frontIndex + 1) % buffers.count
    }

    public func present(bufferIndex: Int, damage: Region) throws {
        surfaces[bufferIndex].markDirty()
        frontIndex = bufferIndex
        presentCount += 1
        lastPresentedDamage = damage
        onPresent?()
    }

    /// The buffer on "screen" now.
    public var frontSurface: Surface? { frontIndex.map { surfaces[$0] } }
}
