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
public final class IdleBehaviour {
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
    /// Hears each change of `state` (the MQTT bridge publishes it).
    public var onStateChange: ((IdleState) -> Void)?

    /// Idle on `scheduler`'s clock, counted from now, with its own timer.
    public init(settings: IdleSettings, screen: Screen, host: PanelHost?, power: ScreenPower? = nil,
                scheduler: any Scheduler) {
        controller = IdleController(settings: settings, now: scheduler.now)
        self.screen = screen
        self.host = host
        self.power = power
        self.scheduler = scheduler
        overlay.backgroundColor = .black
        overlay.isUserInteractionEnabled = false
        armTimer()
    }

    isolated deinit {
        if let timer { scheduler.cancelTimer(timer) }
    }

    /// The config's `display.idle`.
    public static func settings(_ idle: IdleSpec) -> IdleSettings {
        IdleSettings(dimAfter: idle.dim, blankAfter: idle.blank, returnToStartAfter: idle.returnToStart)
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

    /// Disarms the timer for good: the screen is being replaced, or the kiosk stops.
    public func stop() {
        isStopped = true
        if let timer { scheduler.cancelTimer(timer) }
        timer = nil
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
        let before = controller.state
        defer {
            armTimer()
            if controller.state != before { onStateChange?(controller.state) }
        }
        for transition in transitions {
            switch transition {
            case .dim:
                if power?.setBacklight(fraction: controller.settings.dimmedBrightness) == true {
                    overlay.removeFromSuperview()
                } else {
                    show(alpha: 1 - controller.settings.dimmedBrightness)
                }
            case .blank:
                show(alpha: 1)
                _ = power?.setBacklight(fraction: 0)
                power?.switchDisplayOff()
            case .wake(let previous):
                overlay.removeFromSuperview()
                if previous == .blanked { power?.switchDisplayOn() }
                _ = power?.setBacklight(fraction: 1)
            case .returnToStart:
                guard let host else { continue }
                host.goto(host.config.start, transition: .none)
                host.backStack.removeAll()
            }
        }
    }

    private func show(alpha: Double) {
        overlay.alpha = alpha
        if overlay.superview == nil { screen.installLayerHost().addLayer(overlay) }
    }
}
