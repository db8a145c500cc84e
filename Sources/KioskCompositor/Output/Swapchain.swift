import KioskGraphics
import KioskPlatform

/// Keeps a display's buffers up to date from the shadow buffer. Each buffer remembers the damage
/// it has missed since it was last written (what other frames changed while it was not current),
/// so presenting copies exactly this frame's damage plus what that buffer missed: its buffer age.
public final class Swapchain {
    public let output: DisplayOutput
    public let rotation: Rotation
    private var missed: [Region]
    private var lastPresentedFrame: [Int]
    private var frameNumber = 0

    public init(output: DisplayOutput, rotation: Rotation = .none) {
        self.output = output
        self.rotation = rotation
        missed = []
        lastPresentedFrame = output.buffers.map { _ in -1 }
        let logical = logicalPixelSize
        // A buffer nobody has written yet has missed everything.
        let full = Region(PixelRect(x: 0, y: 0, width: logical.width, height: logical.height))
        missed = output.buffers.map { _ in full }
    }

    /// The size the UI is laid out in, in pixels.
    public var logicalPixelSize: (width: Int, height: Int) {
        rotation.logicalSize(forBufferWidth: output.buffers.first?.width ?? 0, height: output.buffers.first?.height ?? 0)
    }

    /// Frames since buffer `index` was last presented (0 = never: its content is unknown).
    public func age(ofBuffer index: Int) -> Int {
        lastPresentedFrame[index] < 0 ? 0 : frameNumber - lastPresentedFrame[index]
    }

    /// The damage buffer `index` has missed, in logical pixels.
    public func missedDamage(ofBuffer index: Int) -> Region { missed[index] }

    public var canPresent: Bool { output.nextFreeBuffer() != nil }

    /// Copies `damage` plus what the next buffer missed from the shadow buffer, and shows it.
    /// Returns the pixels copied, or nil when no buffer is free.
    @discardableResult
    public func present(from shadow: Surface, damage: Region) throws -> Int? {
        guard let index = output.nextFreeBuffer() else { return nil }
        var copy = missed[index]
        copy.add(damage)
        let buffer = output.buffers[index]
        var copied = 0
        var bufferDamage = Region()
        copy.forEachRect { rect in
            PixelCopy.copy(rect, from: shadow, to: buffer, rotation: rotation)
            copied += rect.area
        }
        damage.forEachRect { rect in
            bufferDamage.add(rotation.bufferRect(for: rect, bufferWidth: buffer.width, bufferHeight: buffer.height))
        }
        missed[index].removeAll()
        for other in missed.indices where other != index { missed[other].add(damage) }
        frameNumber += 1
        lastPresentedFrame[index] = frameNumber
        try output.present(bufferIndex: index, damage: bufferDamage)
        return copied
    }

    /// Every buffer has lost its content (a new mode, a return from another VT).
    public func invalidateAll() {
        let logical = logicalPixelSize
        let full = Region(PixelRect(x: 0, y: 0, width: logical.width, height: logical.height))
        missed = missed.map { _ in full }
    }
}
