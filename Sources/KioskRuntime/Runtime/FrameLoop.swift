import KioskCompositor
import KioskDRM
import KioskPlatform

/// Decides when the compositor renders on a live display.
///
/// A frame is scheduled when the screen asks for one (something changed, an animation runs) and
/// starts no earlier than the `FramePacer` allows, so frames never come faster than the mode's
/// refresh rate even on displays whose flips complete at once. One flip is in flight at a time:
/// while it is, requests are only remembered, and the flip's completion schedules the next frame.
/// With nothing requested no timer is armed, so an idle kiosk sleeps in `epoll_wait` without end.
public final class FrameLoop {
    private let loop: EventLoop
    public private(set) var compositor: Compositor?
    public private(set) var pacer: FramePacer
    private var frameTimer: TimerID?
    private var isRendering = false
    /// True between `pause()` and `resume()`: the compositor stays, nothing is rendered.
    public private(set) var isPaused = false
    /// When the flip in flight was submitted; nil when none is.
    private var flipSubmittedAt: Double?

    /// Frames handed to the display since the start.
    public private(set) var framesPresented = 0
    /// Page flips the display reported done.
    public private(set) var flipsCompleted = 0
    /// Frame timers that fired but found nothing to show (the change undid itself).
    public private(set) var emptyFrames = 0

    /// Called after each completed flip with the time the frame counts as shown.
    public var onFramePresented: ((Double) -> Void)?
    /// Called at the start of every frame, before anything is painted: the runtime reads pending
    /// input here, so a frame shows every event that arrived before it.
    public var beforeFrame: (() -> Void)?
    /// Called when rendering or presenting failed; the loop stops rendering until `attach` again.
    public var onRenderError: ((any Error) -> Void)?

    public init(loop: EventLoop, refreshInterval: Double = 1.0 / 60) {
        self.loop = loop
        pacer = FramePacer(refreshInterval: refreshInterval)
    }

    public var isFlipPending: Bool { flipSubmittedAt != nil }
    public var isFrameScheduled: Bool { frameTimer != nil }

    /// Starts rendering `compositor` (a display appeared, or its mode changed) at `refreshInterval`.
    public func attach(_ compositor: Compositor, refreshInterval: Double) {
        detach()
        self.compositor = compositor
        pacer = FramePacer(refreshInterval: refreshInterval)
        compositor.screen.onFrameRequest = { [unowned self] in self.requestFrame() }
        requestFrame()
    }

    /// Stops rendering (the display went away). A flip still in flight is forgotten.
    public func detach() {
        stopScheduling()
        compositor?.screen.onFrameRequest = nil
        compositor = nil
    }

    /// Stops rendering while the session is switched away, keeping the compositor and its screen:
    /// changes made meanwhile are shown after `resume()`. A flip in flight is forgotten (its
    /// display forgets it too).
    public func pause() {
        isPaused = true
        stopScheduling()
    }

    /// No frame timer, and no flip awaited.
    private func stopScheduling() {
        if let frameTimer { loop.cancelTimer(frameTimer) }
        frameTimer = nil
        flipSubmittedAt = nil
    }

    /// Renders again after `pause()`, starting with a frame if anything is to be shown.
    public func resume() {
        isPaused = false
        requestFrame()
    }

    /// Schedules a frame at the next moment the pacer allows, unless one is already coming.
    public func requestFrame() {
        guard !isPaused, let compositor, compositor.needsFrame, frameTimer == nil, !isRendering, flipSubmittedAt == nil else { return }
        let start = pacer.nextFrameStart(requestedAt: loop.now)
        do {
            frameTimer = try loop.addTimer(at: start) { [unowned self] in
                self.frameTimer = nil
                self.renderFrame()
            }
        } catch {
            onRenderError?(error)
        }
    }

    /// The display reported a completed flip at `timestamp` (monotonic seconds).
    public func flipCompleted(at timestamp: Double) {
        guard flipSubmittedAt != nil else { return }
        flipSubmittedAt = nil
        flipsCompleted += 1
        let shown = pacer.flipCompleted(at: timestamp)
        onFramePresented?(shown)
        requestFrame()
    }

    /// True unless a flip has been in flight for longer than `limit` seconds: the display stopped
    /// answering, and the watchdog should stop being fed.
    public func isHealthy(now: Double, flipTimeout limit: Double = 2) -> Bool {
        guard let flipSubmittedAt else { return true }
        return now - flipSubmittedAt < limit
    }

    private func renderFrame() {
        guard !isPaused, let compositor, flipSubmittedAt == nil else { return }
        let start = loop.now
        isRendering = true
        defer { isRendering = false }
        beforeFrame?()
        do {
            if try compositor.renderFrame(at: pacer.predictedPresentationTime(forFrameStartingAt: start)) {
                framesPresented += 1
                flipSubmittedAt = start
            } else if compositor.needsFrame {
                // No buffer is free although no flip of ours is in flight: the display is inactive
                // (unplugged, or its master was taken away). Hotplug handling attaches again.
                return
            } else {
                emptyFrames += 1
            }
        } catch {
            detach()
            onRenderError?(error)
            return
        }
        // Changes made while painting (an animation step) are requested once the flip completes.
        if flipSubmittedAt == nil { requestFrame() }
    }
}
