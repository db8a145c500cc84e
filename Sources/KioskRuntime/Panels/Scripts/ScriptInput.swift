import KioskPlatform
import KioskUI

/// How a script's touches and keys reach the views. The runner turns `tap`, `long_press`, `drag`,
/// `type` and `key` steps into timed `InputEvent`s on the virtual clock and hands each one here.
public protocol ScriptInput: AnyObject {
    /// False when this build has no way to deliver input to views; input steps then fail, saying so.
    var isAvailable: Bool { get }
    func deliver(_ event: InputEvent)
}

/// Delivers script input through a headless driver, as a device delivers its input: the session's
/// idle behaviour sees it first (it counts as activity, and a touch that wakes the screen presses
/// nothing), then the views.
public final class DriverScriptInput: ScriptInput {
    public weak var driver: HeadlessDriver?

    public init(driver: HeadlessDriver) {
        self.driver = driver
    }

    public var isAvailable: Bool { driver != nil }

    public func deliver(_ event: InputEvent) {
        driver?.deliver(event)
    }
}

/// For builds or tests without input delivery: input steps fail, saying so.
public final class UnavailableScriptInput: ScriptInput {
    public init() {}
    public var isAvailable: Bool { false }
    public func deliver(_ event: InputEvent) {}
}
