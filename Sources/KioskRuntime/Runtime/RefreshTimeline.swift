/// A display whose refreshes fall at times known in advance: the memory display's virtual vblanks.
/// Given one, `FrameLoop` paints each frame late in the interval before the refresh that shows
/// it (the repaint window Weston uses), so input and timers that arrive until then make it into
/// that frame, and evaluates the frame at that refresh. A DRM display learns its refreshes only
/// from completed flips, and the frame loop paces from those instead.
public protocol RefreshTimeline: AnyObject {
    /// The first refresh strictly after `time`.
    func nextRefresh(after time: Double) -> Double
    /// How long before a refresh the frame it shows starts painting.
    var repaintWindow: Double { get }
}
