/// The hardware idle acts on besides the dimming overlay: the panel's backlight and the display's
/// power. The live runtime drives a real backlight and DPMS; tests record the calls; headless
/// kiosks have none and dim with the overlay alone.
public protocol ScreenPower: AnyObject {
    /// Sets the backlight to `fraction` of the brightness it had when the kiosk started (0 is
    /// off). False when there is no backlight or it cannot be set: the overlay dims instead.
    func setBacklight(fraction: Double) -> Bool
    /// The screen is black: switch the display off once that frame is on screen.
    func switchDisplayOff()
    /// Input woke the screen: the display comes back on with the next frame.
    func switchDisplayOn()
    /// Calls `handler` if the backlight fails after `setBacklight` said yes (it is set without
    /// waiting): the overlay dims from then on.
    func observeBacklightLoss(_ handler: @escaping () -> Void)
}

extension ScreenPower {
    /// A backlight set at once (or none) is never lost later.
    public func observeBacklightLoss(_ handler: @escaping () -> Void) {}
}
