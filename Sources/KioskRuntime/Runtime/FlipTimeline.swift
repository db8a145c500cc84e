/// The refreshes of a DRM display, learned from its completed flips: a page-flip event carries the
/// timestamp of the vblank that showed the frame, and vblanks fall one refresh interval apart.
///
/// It predicts only once the display has shown that it has such a clock: the last few flips each
/// waited for a vblank (completed some time after they were submitted) and completed a whole
/// number of intervals after the one before. Virtual GPUs and many SPI panels complete a flip as
/// soon as it is submitted; for them it never predicts, and frames are paced from completions as
/// before. A long idle spell, or a flip off the grid, makes it learn again.
public final class FlipTimeline: RefreshTimeline {
    public let refreshInterval: Double
    public let repaintWindow: Double
    /// Flips in a row that completed on the grid after waiting for a vblank.
    public private(set) var flipsOnGrid = 0
    /// The vblank of the last completed flip.
    private var lastVblank: Double?

    /// How many flips in a row must show the grid before frames are started from it.
    static let flipsToTrust = 3
    /// A flip that completed sooner than this after its submission did not wait for a vblank.
    static let shortestWait = 0.0003
    /// Predictions reach this many intervals past the last vblank: beyond, the mode's nominal rate
    /// may have drifted from the display's real one by more than the repaint window's margin.
    static let horizon = 120.0

    public init(refreshInterval: Double) {
        precondition(refreshInterval > 0 && refreshInterval.isFinite, "a refresh interval must be positive")
        self.refreshInterval = refreshInterval
        repaintWindow = Self.minimumRepaintWindow(refreshInterval: refreshInterval)
    }

    /// Vblank timestamps jitter by microseconds, and the mode's rate is nominal.
    private var tolerance: Double { min(0.0002, refreshInterval * 0.02) }

    public func predictsRefreshes(at time: Double) -> Bool {
        guard flipsOnGrid >= Self.flipsToTrust, let lastVblank, time.isFinite else { return false }
        return time - lastVblank < Self.horizon * refreshInterval
    }

    public func nextRefresh(after time: Double) -> Double {
        guard let lastVblank, time.isFinite else { return time + refreshInterval }
        return Self.refresh(after: time, onGridThrough: lastVblank, interval: refreshInterval)
    }

    public func flipCompleted(at timestamp: Double, submittedAt: Double) {
        guard timestamp.isFinite else { return }
        let waited = timestamp - submittedAt >= Self.shortestWait
        if waited, let lastVblank, isOnGrid(timestamp - lastVblank) {
            flipsOnGrid = min(flipsOnGrid + 1, Self.flipsToTrust)
        } else {
            flipsOnGrid = waited ? 1 : 0
        }
        lastVblank = timestamp
    }

    /// Whether `elapsed` is one or more whole intervals, within the tolerance, and within the horizon.
    private func isOnGrid(_ elapsed: Double) -> Bool {
        let intervals = elapsed / refreshInterval
        let whole = intervals.rounded()
        return whole >= 1 && whole <= Self.horizon && abs(intervals - whole) * refreshInterval <= tolerance
    }
}
