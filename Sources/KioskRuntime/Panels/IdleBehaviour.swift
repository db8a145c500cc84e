import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskUI

/// What `display.idle` does to a screen of panels: after `dim` seconds without input the
/// backlight is lowered (or, without one, a dark overlay fades the screen), after `blank` the
/// screen turns black, the backlight goes off and the display is switched off (nothing changing
/// any more, no frame is made), after `return_to_start` the start panel comes back. The touch that
/// wakes a dim or black screen only wakes it; nothing under the finger is pressed.
///
/// Given a `Scheduler`, it keeps one timer of its own armed for the next deadline (none while
/// nothing is due), so it runs by itself on a device's loop and on a virtual one alike; the caller
/// only passes input through `admit(_:at:)` and `noteActivity(at:)`.
///
/// On the main actor as the module's default puts it, said explicitly: an optimized build of a
/// program that uses the class (`make soak`'s kiosk-soak) refused its isolated deinit otherwise.
@MainActor public final class IdleBehaviour {
    public let controller: IdleController
    private let screen: Screen
    private weak var host: PanelHost?
    private let power: ScreenPower?
    private let overlay = View()
    private let scheduler: any Scheduler
    private var timer: TimerID?
    /// When the timer last fired: a deadline not after it was already applied.
    private var firedAt = -Double.infinity
    /// After `stop()`: no timer is armed any more.
    private var isStopped = false
    /// Told when the idle timer cannot be armed (the screen then waits for input to dim or blank).
    public var log: ((String) -> Void)?
    /// Told of every change of state (awake, dim, blank), in order.
    private var stateObservers: [(IdleState) -> Void] = []
    /// Told of every new awake level, whoever set it (Home Assistant shows it on its light).
    private var brightnessObservers: [(Double) -> Void] = []
    /// The backlight's level while awake (`display.brightness`); dimming is relative to it.
    public private(set) var brightness = 1.0
    /// Sets the backlight at once or fades it; nil without hardware, or once it failed.
    private var backlight: BacklightFade?
    /// `display.idle.antiburn` running on the blank screen, before the display goes off.
    private var colourCycle: ColourCycle?

    /// Idle on `scheduler`'s clock, counted from now, with its own timer.
    public init(settings: IdleSettings, screen: Screen, host: PanelHost?, power: ScreenPower? = nil,
                scheduler: any Scheduler) {
        controller = IdleController(settings: settings, now: scheduler.now)
        self.screen = screen
        self.host = host
        self.power = power
        self.scheduler = scheduler
        backlight = power.map { power in BacklightFade(scheduler: scheduler) { power.setBacklight(fraction: $0) } }
        overlay.backgroundColor = .black
        overlay.isUserInteractionEnabled = false
        power?.observeBacklightLoss { [weak self] in self?.backlightLost() }
        armTimer()
    }

    isolated deinit {
        if let timer { scheduler.cancelTimer(timer) }
    }

    /// The config's `display.idle`.
    public static func settings(_ idle: IdleSpec) -> IdleSettings {
        var settings = IdleSettings(dimAfter: idle.dim, blankAfter: idle.blank, returnToStartAfter: idle.returnToStart)
        settings.antiburnCycle = idle.antiburn
        return settings
    }

    public var state: IdleState { controller.state }

    /// When `advance(to:)` must next be called; nil while nothing is due.
    public var nextDeadline: Double? { controller.nextDeadline }

    /// Passes input through the idle logic: returns whether the event should reach the views.
    public func admit(_ event: InputEvent, at time: Double) -> Bool {
        switch event {
        case .touch(let sample):
            let touch = controller.noteTouch(id: sample.id, phase: sample.phase, at: time)
            apply(touch.transitions)
            return !touch.swallow
        case .key:
            let wasActive = controller.state == .active
            apply(controller.noteActivity(at: time))
            return wasActive
        case .hardwareKeyboardPresent:
            return true
        }
    }

    /// Input that reached no view (a modifier key alone, a touch already swallowed) still counts:
    /// the idle time restarts and a dim or blank screen wakes.
    public func noteActivity(at time: Double) {
        apply(controller.noteActivity(at: time))
    }

    /// Applies whatever fell due by `time`.
    public func advance(to time: Double) {
        apply(controller.advance(to: time))
    }

    /// New settings from a reloaded config; the time already idle counts against them.
    public func update(_ settings: IdleSettings, at time: Double) {
        apply(controller.update(settings: settings, at: time))
    }

    /// Calls `observer` with the new state at every idle transition (`idle` events on the control
    /// socket).
    public func addStateObserver(_ observer: @escaping (IdleState) -> Void) {
        stateObservers.append(observer)
    }

    /// Calls `observer` with each new awake level `setBrightness(_:)` sets.
    public func addBrightnessObserver(_ observer: @escaping (Double) -> Void) {
        brightnessObservers.append(observer)
    }

    /// A `wake` command or action: a dim or black screen wakes, and the idle time restarts.
    public func wake() {
        noteActivity(at: scheduler.now)
    }

    /// A `sleep` command or action: the screen goes black now.
    public func sleep() {
        apply(controller.sleep(at: scheduler.now))
    }

    /// The state and the next change the clock will bring, as `kiosk ctl idle` reports it.
    public var report: IdleReport {
        IdleReport(state: state, next: controller.nextStateChange.map { ($0.state, max(0, $0.time - scheduler.now)) })
    }

    /// A new level for the awake screen (`display.brightness` changed, or Home Assistant set its
    /// light's brightness): the backlight fades to it,
    /// and a dim screen to its share of it. A blank screen stays dark and wakes to the new level.
    public func setBrightness(_ level: Double) {
        let level = level.isFinite ? min(max(level, 0), 1) : 1
        guard level != brightness else { return }
        brightness = level
        for observer in brightnessObservers { observer(level) }
        switch state {
        case .active: backlight?.fade(to: level)
        case .dimmed: backlight?.fade(to: dimmedLevel)
        case .blanked: break
        }
    }

    /// The backlight level while dim: `display.idle`'s share of the brightness.
    private var dimmedLevel: Double { brightness * controller.settings.dimmedBrightness }

    /// Disarms the timer for good: the screen is being replaced, or the kiosk stops.
    public func stop() {
        isStopped = true
        if let timer { scheduler.cancelTimer(timer) }
        timer = nil
        backlight?.stop()
        colourCycle?.cancel()
        colourCycle = nil
    }

    /// The deadline moves with every input: one timer follows it.
    private func armTimer() {
        if let timer { scheduler.cancelTimer(timer) }
        timer = nil
        guard !isStopped, let deadline = nextDeadline, deadline > firedAt else { return }
        do {
            timer = try scheduler.addTimer(at: deadline) { [weak self] in
                guard let self else { return }
                self.timer = nil
                self.firedAt = scheduler.now
                self.advance(to: scheduler.now)
            }
        } catch {
            log?("idle timer not armed, the screen will not dim or blank until the next input: \(error)")
        }
    }

    private func apply(_ transitions: [IdleTransition]) {
        defer { armTimer() }
        for transition in transitions {
            switch transition {
            case .dim:
                if backlight?.jump(to: dimmedLevel) == true {
                    overlay.removeFromSuperview()
                } else {
                    show(alpha: 1 - controller.settings.dimmedBrightness)
                }
                notify(.dimmed)
            case .blank:
                show(alpha: 1)
                backlight?.jump(to: 0)
                if let seconds = controller.settings.antiburnCycle, seconds > 0 {
                    colourCycle = ColourCycle(view: overlay, duration: seconds, scheduler: scheduler) { [weak self] in
                        self?.colourCycle = nil
                        self?.power?.switchDisplayOff()
                    }
                } else {
                    power?.switchDisplayOff()
                }
                notify(.blanked)
            case .wake(let previous):
                colourCycle?.cancel()
                colourCycle = nil
                overlay.removeFromSuperview()
                if previous == .blanked { power?.switchDisplayOn() }
                backlight?.jump(to: brightness)
                notify(.active)
            case .returnToStart:
                guard let host else { continue }
                host.goto(host.config.start, transition: .none)
                host.backStack.removeAll()
            }
        }
    }

    /// The backlight failed after it had taken a level: the overlay dims from now on, and a dim
    /// screen gets its overlay at once.
    private func backlightLost() {
        backlight?.stop()
        backlight = nil
        if state == .dimmed { show(alpha: 1 - controller.settings.dimmedBrightness) }
    }

    private func notify(_ state: IdleState) {
        for observer in stateObservers { observer(state) }
    }

    private func show(alpha: Double) {
        overlay.alpha = alpha
        if overlay.superview == nil { screen.installLayerHost().addLayer(overlay) }
    }
}
