import KioskCompositor
import KioskPlatform
import KioskUI

/// What a `LiveRuntime` tells the code that runs on it: the kiosk's panels, or the dashboard demo.
/// The runtime holds its delegate weakly; every call comes on the loop's thread.
public protocol LiveRuntimeDelegate: AnyObject {
    /// A screen was built for a display mode (the first one, or a new one when a replugged display
    /// comes back with another size), before its first frame.
    func liveRuntime(_ runtime: LiveRuntime, didCreate screen: Screen)

    /// A frame is about to be painted, to be presented at `time`; the screen's animations have
    /// stepped already. Panel transitions step here.
    func liveRuntime(_ runtime: LiveRuntime, willPaintFrameAt time: Double)

    /// An input event, in UI points, read in one batch before the next frame.
    func liveRuntime(_ runtime: LiveRuntime, didReceive event: InputEvent)

    /// After a batch in which someone used an input device, once its events were delivered: also
    /// for input that makes no event (a modifier key alone), so idle timers see every touch.
    func liveRuntimeDidSeeUserActivity(_ runtime: LiveRuntime)

    /// SIGHUP: reload the configuration.
    func liveRuntimeShouldReload(_ runtime: LiveRuntime)

    /// A compositor is about to render a display's frames (after `didCreate`, and again when the
    /// display comes back): what else reads its frames (the remote view) attaches here.
    func liveRuntime(_ runtime: LiveRuntime, willRenderWith compositor: Compositor)
}

extension LiveRuntimeDelegate {
    public func liveRuntime(_ runtime: LiveRuntime, willRenderWith compositor: Compositor) {}
}
