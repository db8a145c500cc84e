import KioskCompositor
import KioskGraphics
import KioskPlatform
import KioskUI

/// A kiosk screen rendered into memory by the runtime a device runs: the same views, compositor,
/// swapchain and `FrameLoop`, on a `Scheduler`. Two things differ from DRM: the output is memory,
/// and the vblank is a timer one refresh after each submitted frame (`VirtualVblank`). Its buffers
/// being plain memory, frames are painted in them, with no shadow buffer (`Compositor`), unless
/// `paintingInPlace` is false.
///
/// On a `VirtualLoop` (the default) time moves only when `advance`, `renderUntilIdle` or `snapshot`
/// move it, and every frame and timer that falls due runs in time order, so a run gives the same
/// frames, and the same pixels, on every machine.
public final class HeadlessDisplay {
    public static let defaultRefreshRate = 60.0

    public let screen: Screen
    public let output: MemoryOutput
    public let compositor: Compositor
    public let frames: FrameLoop
    public let vblank: VirtualVblank
    /// The scheduler everything runs on: the screen's timers, the frame loop, the vblanks.
    public let loop: any Scheduler

    private var presentationObservers: [(Double) -> Void] = []
    private var renderError: (any Error)?

    public init(size: Size, scale: Double = 1, environment: Environment = Environment(), rootView: View = View(),
                rotation: Rotation = .none, bufferCount: Int = 2, scheduler: (any Scheduler)? = nil,
                refreshRate: Double = HeadlessDisplay.defaultRefreshRate, paintingInPlace: Bool = true) {
        loop = scheduler ?? VirtualLoop()
        screen = Screen(size: size, scale: scale, environment: environment, rootView: rootView, scheduler: loop)
        let pixels = screen.pixelBounds
        let buffer = rotation.logicalSize(forBufferWidth: pixels.width, height: pixels.height)
        output = MemoryOutput(width: buffer.width, height: buffer.height, bufferCount: bufferCount)
        compositor = Compositor(screen: screen, output: output, rotation: rotation, paintingInPlace: paintingInPlace)
        vblank = VirtualVblank(loop: loop, refreshRate: refreshRate)
        frames = FrameLoop(loop: loop, refreshInterval: vblank.refreshInterval)
        output.onPresent = { [unowned self] in
            do throws(LoopError) { try vblank.flipSubmitted() } catch { renderError = error }
        }
        vblank.onFlipCompleted = { [unowned self] time in frames.flipCompleted(at: time) }
        frames.onFramePresented = { [unowned self] time in
            for observer in presentationObservers { observer(time) }
        }
        frames.onRenderError = { [unowned self] error in renderError = error }
        frames.repaintWindowFollowsPaintTime = !Self.isVirtual(loop)
        frames.attach(compositor, refreshInterval: vblank.refreshInterval, timeline: vblank)
    }

    /// Whether `scheduler`'s time is virtual: painting takes none of it there.
    private static func isVirtual(_ scheduler: any Scheduler) -> Bool {
        if let traced = scheduler as? TracingScheduler { return isVirtual(traced.base) }
        return scheduler is VirtualLoop
    }

    public var refreshInterval: Double { vblank.refreshInterval }

    /// Calls `observer` at each vblank that shows a new frame, with its time.
    public func addPresentationObserver(_ observer: @escaping (Double) -> Void) {
        presentationObservers.append(observer)
    }

    /// Whether a frame is wanted, being made, or waiting for its vblank.
    public var isBusy: Bool { compositor.needsFrame || frames.isFrameScheduled || frames.isFlipPending }

    /// Frames handed to the display since the start.
    public var framesPresented: Int { frames.framesPresented }

    // MARK: Moving virtual time

    /// Moves the virtual clock forward by `seconds`, running every frame and timer that falls due.
    /// Returns the number of frames presented.
    @discardableResult
    public func advance(by seconds: Double) throws -> Int {
        let before = frames.framesPresented
        try virtualLoop().advance(by: seconds)
        try throwRenderError()
        return frames.framesPresented - before
    }

    /// Runs the virtual clock from event to event until no frame is wanted and the last one is on
    /// screen (at most `maxFrames`). Returns the number of frames presented.
    @discardableResult
    public func renderUntilIdle(maxFrames: Int = 10_000) throws -> Int {
        let loop = try virtualLoop()
        let before = frames.framesPresented
        while isBusy && frames.framesPresented - before < maxFrames {
            // Detached after an error, a frame may be wanted that nothing will make.
            guard frames.isFrameScheduled || frames.isFlipPending, loop.advanceToNextTimer() else { break }
            try throwRenderError()
        }
        try throwRenderError()
        return frames.framesPresented - before
    }

    /// The picture on the (virtual) screen now, once what is pending has been shown.
    public func snapshot() throws -> Surface {
        if loop is VirtualLoop { try renderUntilIdle() }
        return output.frontSurface ?? compositor.renderFullFrame()
    }

    private func virtualLoop() throws -> VirtualLoop {
        guard let loop = loop as? VirtualLoop else {
            throw DriverError(description: "the headless display runs on a real event loop; only a VirtualLoop is moved by hand")
        }
        return loop
    }

    private func throwRenderError() throws {
        guard let error = renderError else { return }
        renderError = nil
        throw error
    }
}
