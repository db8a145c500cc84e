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
    /// Where the picture sits on the buffers, in logical pixels: antiburn moves it a few pixels
    /// now and then. The copy moves it; nothing is repainted.
    public private(set) var offset = PixelOffset.zero
    /// Buffers whose border (what the moved picture leaves uncovered) must be painted black.
    private var needsBorder: [Bool]

    public init(output: DisplayOutput, rotation: Rotation = .none) {
        self.output = output
        self.rotation = rotation
        missed = []
        lastPresentedFrame = output.buffers.map { _ in -1 }
        needsBorder = output.buffers.map { _ in false }
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
        let logical = logicalPixelSize
        let screen = PixelRect(x: 0, y: 0, width: logical.width, height: logical.height)
        var copied = 0
        var bufferDamage = Region()
        if needsBorder[index] {
            var border = Region(screen)
            border.subtract(Region(screen.offsetBy(offset)))
            border.forEachRect { rect in PixelCopy.clear(rect, in: buffer, rotation: rotation) }
            bufferDamage.add(rotation.bufferRect(for: screen, bufferWidth: buffer.width, bufferHeight: buffer.height))
            needsBorder[index] = false
        }
        copy.forEachRect { rect in
            // The part of the rectangle still on screen once moved.
            let target = rect.offsetBy(offset).intersection(screen)
            guard target.width > 0, target.height > 0 else { return }
            PixelCopy.copy(target.offsetBy(-offset), from: shadow, to: buffer, rotation: rotation, offset: offset)
            copied += target.area
        }
        damage.forEachRect { rect in
            let target = rect.offsetBy(offset).intersection(screen)
            guard target.width > 0, target.height > 0 else { return }
            bufferDamage.add(rotation.bufferRect(for: target, bufferWidth: buffer.width, bufferHeight: buffer.height))
        }
        try show(bufferIndex: index, damage: damage, bufferDamage: bufferDamage)
        return copied
    }

    /// Shows buffer `index`, which was painted in place (`Compositor`, when the buffers are plain
    /// memory): it holds this frame, `damage` and what it had missed included. Unrotated, unmoved.
    public func presentPainted(bufferIndex index: Int, damage: Region) throws {
        precondition(rotation == .none && offset == .zero, "a buffer painted in place is neither rotated nor moved")
        try show(bufferIndex: index, damage: damage, bufferDamage: damage)
    }

    private func show(bufferIndex index: Int, damage: Region, bufferDamage: Region) throws {
        missed[index].removeAll()
        for other in missed.indices where other != index { missed[other].add(damage) }
        frameNumber += 1
        lastPresentedFrame[index] = frameNumber
        try output.present(bufferIndex: index, damage: bufferDamage)
    }

    /// Moves the picture to `newOffset` on every buffer from the next present on: each buffer is
    /// copied whole once (the pixels move; the shadow buffer is not repainted) and its uncovered
    /// border painted black.
    public func move(to newOffset: PixelOffset) {
        guard newOffset != offset else { return }
        offset = newOffset
        invalidateAll()
        needsBorder = needsBorder.map { _ in true }
    }

    /// Every buffer has lost its content (a new mode, a return from another VT).
    public func invalidateAll() {
        let logical = logicalPixelSize
        let full = Region(PixelRect(x: 0, y: 0, width: logical.width, height: logical.height))
        missed = missed.map { _ in full }
    }
}
