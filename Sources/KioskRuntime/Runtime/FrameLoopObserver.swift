import KioskCompositor

/// Watches a `FrameLoop`: each frame handed to the display, and each flip the display completed.
/// Called on the loop's thread, between frames; an observer must not block.
public protocol FrameLoopObserver: AnyObject {
    /// A frame was painted and presented; `compositor.lastTimings` and `lastDamage` describe it.
    func framePresented(by compositor: Compositor, number: Int)
    /// The display showed the last frame: its flip completed at `timestamp`, and the frame counts
    /// as shown at `shownAt` (both monotonic seconds).
    func flipCompleted(at timestamp: Double, shownAt: Double)
}
