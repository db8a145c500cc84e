import KioskConfig
import KioskGraphics
import KioskUI

/// What `display.idle` does to a screen of panels: after `dim` seconds without input a dark
/// overlay fades the screen, after `blank` it turns black (and, nothing changing any more, no
/// frame is made), after `return_to_start` the start panel comes back. The touch that wakes a dim
/// or black screen only wakes it; nothing under the finger is pressed.
///
/// A device with a backlight would dim that instead; this overlay works on every panel.
public final class IdleBehaviour {
    public let controller: IdleController
    private let screen: Screen
    private weak var host: PanelHost?
    private let overlay = View()

    public init(settings: IdleSettings, screen: Screen, host: PanelHost?, now: Double) {
        controller = IdleController(settings: settings, now: now)
        self.screen = screen
        self.host = host
        overlay.backgroundColor = .black
        overlay.isUserInteractionEnabled = false
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
            let swallow = controller.shouldSwallowTouch(id: sample.id, phase: sample.phase, at: time)
            apply(controller.noteActivity(at: time))
            return !swallow
        case .key:
            let wasActive = controller.state == .active
            apply(controller.noteActivity(at: time))
            return wasActive
        case .hardwareKeyboardPresent:
            return true
        }
    }

    /// Applies whatever fell due by `time`.
    public func advance(to time: Double) {
        apply(controller.advance(to: time))
    }

    private func apply(_ transitions: [IdleTransition]) {
        for transition in transitions {
            switch transition {
            case .dim:
                show(alpha: 1 - controller.settings.dimmedBrightness)
            case .blank:
                show(alpha: 1)
            case .wake:
                overlay.removeFromSuperview()
            case .returnToStart:
                guard let host else { continue }
                host.goto(host.config.start, transition: .none)
                host.backStack.removeAll()
            }
        }
    }

    private func show(alpha: Double) {
        overlay.alpha = alpha
        if overlay.superview == nil { screen.layerHost.addLayer(overlay) }
    }
}
