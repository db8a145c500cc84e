import KioskPlatform
import KioskUI

/// Sees input before the views do and decides whether they get it. `IdleBehaviour` is one: every
/// event counts as activity, and the touch that wakes a dimmed or blank screen reaches nothing.
public protocol InputGate: AnyObject {
    /// Whether `event`, arriving at `time`, goes on to the views.
    func admit(_ event: InputEvent, at time: Double) -> Bool
}
