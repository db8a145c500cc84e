import KioskUI

/// How a script's touches and keys reach the views. The runner turns `tap`, `long_press`, `drag`,
/// `type` and `key` steps into timed `InputEvent`s on the virtual clock and hands each one here.
public protocol ScriptInput: AnyObject {
    /// False when this build has no way to deliver input to views; input steps then fail, saying so.
    var isAvailable: Bool { get }
    func deliver(_ event: InputEvent)
}

/// Delivers script input to a screen's views through the screen's event dispatch.
///
/// This build's `Screen` has no event dispatch yet, so the input is unavailable and input steps
/// fail with "touch input not available in this build". Once `Screen.dispatch(_:)` exists, set
/// `isAvailable` to true and forward in `deliver`: `screen?.dispatch(event)`.
public final class ScreenScriptInput: ScriptInput {
    public weak var screen: Screen?

    public init(screen: Screen) {
        self.screen = screen
    }

    public var isAvailable: Bool { false }

    public func deliver(_ event: InputEvent) {}
}
