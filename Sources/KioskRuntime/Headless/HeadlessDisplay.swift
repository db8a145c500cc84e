import KioskCompositor
import KioskGraphics
import KioskPlatform
import KioskUI

/// A kiosk screen rendered into memory on a virtual clock: the same views, compositor and
/// swapchain as on a device, with vblanks that happen when the runtime asks for them.
public final class HeadlessDisplay {
    public let screen: Screen
    public let output: MemoryOutput
    public let compositor: Compositor
    public let clock: VirtualClock

    public init(size: Size, scale: Double = 1, environment: Environment = Environment(), rootView: View = View(),
                rotation: Rotation = .none, bufferCount: Int = 2) {
        screen = Screen(size: size, scale: scale, environment: environment, rootView: rootView)
        let pixels = screen.pixelBounds
        let buffer = rotation.logicalSize(forBufferWidth: pixels.width, height: pixels.height)
        output = MemoryOutput(width: buffer.width, height: buffer.height, bufferCount: bufferCount)
        compositor = Compositor(screen: screen, output: output, rotation: rotation)
        clock = VirtualClock()
    }

    /// Produces frames at the virtual refresh rate until nothing is pending (at most `maxFrames`).
    /// Returns the number of frames presented.
    @discardableResult
    public func renderUntilIdle(maxFrames: Int = 10_000) throws -> Int {
        var frames = 0
        while compositor.needsFrame && frames < maxFrames {
            clock.advance(to: clock.nextPresentationTime)
            if try compositor.renderFrame(at: clock.now) { frames += 1 }
        }
        return frames
    }

    /// Moves the virtual clock forward by `seconds`, producing every frame that falls due.
    @discardableResult
    public func advance(by seconds: Double) throws -> Int {
        let end = clock.now + seconds
        var frames = 0
        while clock.now < end {
            if compositor.needsFrame {
                clock.advance(to: min(clock.nextPresentationTime, end))
                if try compositor.renderFrame(at: clock.now) { frames += 1 }
            } else {
                clock.advance(to: end)
            }
        }
        return frames
    }

    /// The picture on the (virtual) screen now.
    public func snapshot() throws -> Surface {
        try renderUntilIdle()
        return output.frontSurface ?? compositor.renderFullFrame()
    }
}
