/// A display whose refreshes fall at times that can be told in advance: the memory display's
/// virtual vblanks, or a DRM display's once its flips have shown its vblank grid. Given one,
/// `FrameLoop` paints each frame late in the interval before the refresh that shows it (the
/// repaint window Weston uses), so input and timers that arrive until then make it into that
/// frame, and evaluates the frame at that refresh. While it cannot tell (`predictsRefreshes` is
/// false), the frame loop paces from completed flips instead.
public protocol RefreshTimeline: AnyObject {
    /// Whether `nextRefresh(after:)` can be relied on for a frame starting at `time`.
    func predictsRefreshes(at time: Double) -> Bool
    /// The first refresh strictly after `time`.
    func nextRefresh(after time: Double) -> Double
    /// How long before a refresh the frame it shows starts painting, at least.
    var repaintWindow: Double { get }
    /// A flip submitted at `submittedAt` completed at the vblank `timestamp`.
    func flipCompleted(at timestamp: Double, submittedAt: Double)
}

extension RefreshTimeline {
    /// The display's own repaint window at `refreshInterval`: late enough that input at a refresh
    /// reaches the next frame, early enough to be inside the interval at any rate.
    static func minimumRepaintWindow(refreshInterval: Double) -> Double {
        min(0.001, refreshInterval / 4)
    }

    /// The first refresh strictly after `time` on a grid of refreshes every `interval` through
    /// `origin`. A time within a millionth of an interval of a refresh counts as that refresh, so
    /// sums of intervals that round below it do not repeat it.
    static func refresh(after time: Double, onGridThrough origin: Double, interval: Double) -> Double {
        let ticks = ((time - origin) / interval + 1e-6).rounded(.down) + 1
        return origin + ticks * interval
    }
}
