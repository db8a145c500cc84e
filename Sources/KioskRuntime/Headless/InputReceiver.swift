import KioskPlatform

/// Takes input events as a device delivers them, in the screen's points. `PanelKiosk` is one: the
/// idle logic sees every event first (it counts as activity, and the touch that wakes a dimmed or
/// blank screen reaches nothing), then the views get the rest.
public protocol InputReceiver: AnyObject {
    func handle(_ event: InputEvent)
}
