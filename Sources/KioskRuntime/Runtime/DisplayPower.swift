import KioskDRM

/// The live kiosk's `ScreenPower`: the panel's backlight (through logind, else sysfs) and DPMS on
/// the display. A backlight that refuses a change, at once or later (logind answers without the
/// loop waiting), is reported once and then left alone: the dimming overlay takes over.
final class DisplayPower: ScreenPower {
    private var backlight: Backlight?
    private var backlightLossObservers: [() -> Void] = []
    /// The level the kiosk found at start, restored on wake; full brightness when it found the
    /// backlight off (a kiosk that stopped while blanked), or when the config sets
    /// `display.brightness` (its levels are shares of the maximum: a restart at night must not
    /// take the night level for full).
    private let fullLevel: Int
    private unowned let runtime: LiveRuntime
    private let logger: Logger

    init(backlight: Backlight?, runtime: LiveRuntime, logger: Logger, levelsOfMaximum: Bool = false) {
        self.backlight = backlight
        self.runtime = runtime
        self.logger = logger
        if let backlight {
            let found = backlight.brightness ?? 0
            fullLevel = found > 0 && !levelsOfMaximum ? found : backlight.device.maximumBrightness
            logger.info("backlight: \(backlight.device.name) at \(fullLevel) of \(backlight.device.maximumBrightness)")
        } else {
            fullLevel = 0
            logger.info("no backlight: idle dims with an overlay")
        }
        backlight?.onFailure = { [unowned self] error in backlightFailed(error) }
    }

    func setBacklight(fraction: Double) -> Bool {
        guard let backlight else { return false }
        let share = Backlight.share(fraction)
        var level = Int((Double(fullLevel) * share).rounded())
        if share > 0 { level = max(level, 1) }
        do {
            try backlight.setBrightness(level)
            logger.debug("backlight \(backlight.device.name): \(level)")
            return true
        } catch {
            logger.warning("\(error); idle dims with an overlay from now on")
            self.backlight = nil
            return false
        }
    }

    func observeBacklightLoss(_ handler: @escaping () -> Void) {
        backlightLossObservers.append(handler)
    }

    private func backlightFailed(_ error: BacklightError) {
        guard backlight != nil else { return }
        logger.warning("\(error); idle dims with an overlay from now on")
        backlight = nil
        for observer in backlightLossObservers { observer() }
    }

    func switchDisplayOff() {
        runtime.switchDisplayOffWhenSettled()
    }

    func switchDisplayOn() {
        runtime.keepDisplayOn()
    }
}
