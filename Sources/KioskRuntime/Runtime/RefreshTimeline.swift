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
