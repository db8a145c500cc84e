import KioskCompositor
import KioskDRM
import KioskPlatform

/// Decides when the compositor renders, on a device's `EventLoop` or a headless `VirtualLoop`.
///
/// A frame is scheduled when the screen asks for one (something changed, an animation runs) and
/// starts no earlier than the `FramePacer` allows, so frames never come faster than the mode's
/// refresh rate even on displays whose flips complete at once. One flip is in flight at a time:
/// while it is, requests are only remembered, and the flip's completion schedules the next frame.
/// With nothing requested no timer is armed, so an idle kiosk sleeps in `epoll_wait` without end.
/// A display with a `RefreshTimeline` that can tell its next refresh (the memory display always, a
/// DRM display once its flips showed a vblank grid) has its frames started late in the interval
/// before the refresh that shows them (by the recent paint times, on a real clock), and evaluated
/// at that refresh.
public final class FrameLoop {
    private let loop: any Scheduler
    private var timeline: (any RefreshTimeline)?
    /// When the last frame that found nothing to show would have been shown: the next frame is for
    /// a later refresh, so an animation that changes nothing visible does not spin in place.
    private var emptyFrameTime: Double?
    public private(set) var compositor: Compositor?
    public private(set) var pacer: FramePacer
    private var frameTimer: TimerID?
    private var isRendering = false
    /// True between `pause()` and `resume()`: the compositor stays, nothing is rendered.
    public private(set) var isPaused = false
    /// When the frame whose flip is in flight started; nil when none is.
    private var flipSubmittedAt: Double?
    /// When that frame was handed to the display, after it was painted.
    private var flipHandedOverAt = 0.0
    /// Whether the repaint window follows the measured paint times. Off on a virtual clock, where
    /// painting takes no time and frames must start at the same moments on every machine.
    public var repaintWindowFollowsPaintTime = false
    private var repaintWindow = RepaintWindow()

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
    /// Told of every frame presented and every flip completed (a trace, the frame statistics).
    private var observers: [any FrameLoopObserver] = []

    public init(loop: any Scheduler, refreshInterval: Double = 1.0 / 60) {
        self.loop = loop
        pacer = FramePacer(refreshInterval: refreshInterval)
    }

    public var isFlipPending: Bool { flipSubmittedAt != nil }

    /// Tells `observer` of every frame from now on; the loop keeps it.
    public func addObserver(_ observer: any FrameLoopObserver) {
        observers.append(observer)
    }
    public var isFrameScheduled: Bool { frameTimer != nil }

    /// Starts rendering `compositor` (a display appeared, or its mode changed) at `refreshInterval`,
    /// on the refreshes of `timeline` when the display knows them in advance.
    public func attach(_ compositor: Compositor, refreshInterval: Double, timeline: (any RefreshTimeline)? = nil) {
        detach()
        self.compositor = compositor
        self.timeline = timeline
        pacer = FramePacer(refreshInterval: refreshInterval)
        emptyFrameTime = nil
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
        let start = frameStart(requestedAt: loop.now)
        do {
            frameTimer = try loop.addTimer(at: start) { [unowned self] in
                self.frameTimer = nil
                self.renderFrame()
            }
        } catch {
            onRenderError?(error)
        }
    }

    /// The earliest moment a frame requested at `now` may start: after the last frame counts as
    /// shown, for a refresh later than an empty frame's, and with a timeline, one repaint window
    /// before the refresh that will show it.
    private func frameStart(requestedAt now: Double) -> Double {
        var start = pacer.nextFrameStart(requestedAt: now)
        if let emptyFrameTime { start = max(start, emptyFrameTime) }
        guard let timeline, timeline.predictsRefreshes(at: start) else { return start }
        // The first frame replaces nothing on screen, so no input can be waited for: it is painted
        // at once (start-up is exec to first frame) and shown at the refresh after it as before.
        if framesPresented == 0 && emptyFrames == 0 { return start }
        return max(start, timeline.nextRefresh(after: start) - currentRepaintWindow(of: timeline))
    }

    /// How long before the refresh a frame starts: the display's window, grown to fit the recent
    /// paint times when they are measured.
    public func currentRepaintWindow(of timeline: any RefreshTimeline) -> Double {
        guard repaintWindowFollowsPaintTime else { return timeline.repaintWindow }
        return repaintWindow.length(minimum: timeline.repaintWindow, interval: pacer.refreshInterval)
    }

    /// When a frame started at `start` will be seen: what its animations are evaluated for.
    private func presentationTime(forFrameStartingAt start: Double) -> Double {
        if let timeline, timeline.predictsRefreshes(at: start) { return timeline.nextRefresh(after: start) }
        var time = pacer.predictedPresentationTime(forFrameStartingAt: start)
        if let emptyFrameTime { time = max(time, emptyFrameTime + pacer.refreshInterval) }
        return time
    }

    /// The display reported a completed flip at `timestamp` (monotonic seconds).
    public func flipCompleted(at timestamp: Double) {
        guard flipSubmittedAt != nil else { return }
        flipSubmittedAt = nil
        flipsCompleted += 1
        timeline?.flipCompleted(at: timestamp, submittedAt: flipHandedOverAt)
        let shown = pacer.flipCompleted(at: timestamp)
        for observer in observers { observer.flipCompleted(at: timestamp, shownAt: shown) }
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
        // No buffer is free although no flip of ours is in flight: the display is inactive
        // (unplugged, or its master was taken away). Hotplug handling attaches again.
        guard compositor.swapchain.canPresent else { return }
        let start = loop.now
        do {
            isRendering = true
            defer { isRendering = false }
            beforeFrame?()
            let presentation = presentationTime(forFrameStartingAt: start)
            if try compositor.renderFrame(at: presentation) {
                framesPresented += 1
                if repaintWindowFollowsPaintTime { repaintWindow.record(paintTime: compositor.lastTimings.duration) }
                for observer in observers { observer.framePresented(by: compositor, number: framesPresented) }
                flipSubmittedAt = start
                flipHandedOverAt = loop.now
                emptyFrameTime = nil
            } else {
                // Nothing visible changed: the change undid itself, or a step (a panel transition's
                // first) moved nothing yet and asked for the next frame, which the request below makes.
                emptyFrames += 1
                emptyFrameTime = presentation
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
