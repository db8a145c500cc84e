import KioskPlatform

/// The vblanks of the memory display, on the display's scheduler: a refresh every `refreshInterval`
/// from the moment the display is made, as a panel scans out. A submitted frame's flip completes
/// at the next refresh, one interval after the previous one, by a timer that reports it to the
/// frame loop as a DRM page-flip event would. Nothing is armed while no flip is in flight.
public final class VirtualVblank: RefreshTimeline {
    public let refreshInterval: Double
    public let repaintWindow: Double
    private let origin: Double
    private let loop: any Scheduler
    private var pendingFlip: TimerID?

    /// Called at the vblank that shows a submitted frame, with its time.
    var onFlipCompleted: ((Double) -> Void)?

    public init(loop: any Scheduler, refreshRate: Double) {
        precondition(refreshRate > 0, "a refresh rate must be positive")
        self.loop = loop
        refreshInterval = 1 / refreshRate
        repaintWindow = Self.minimumRepaintWindow(refreshInterval: refreshInterval)
        origin = loop.now
    }

    public func nextRefresh(after time: Double) -> Double {
        Self.refresh(after: time, onGridThrough: origin, interval: refreshInterval)
    }

    /// The vblanks are the display's own: always known.
    public func predictsRefreshes(at time: Double) -> Bool { true }

    public func flipCompleted(at timestamp: Double, submittedAt: Double) {}

    /// A frame was presented: its flip completes at the next refresh.
    func flipSubmitted() throws(LoopError) {
        if let pendingFlip { loop.cancelTimer(pendingFlip) }
        let vblank = nextRefresh(after: loop.now)
        pendingFlip = try loop.addTimer(at: vblank) { [unowned self] in
            self.pendingFlip = nil
            self.onFlipCompleted?(vblank)
        }
    }
}
