import KioskGraphics
import KioskPlatform

extension Screen {
    /// Delivers one input event: touches to views and gesture recognizers, keys to the focused view.
    public func dispatch(_ event: InputEvent) {
        input.dispatch(event)
    }

    /// The scheduler's clock. Animations created now start at this time. On a virtual loop, setting
    /// it forward moves the loop and fires the timers that fall due; a device's clock cannot be set.
    public var currentTime: Double {
        get { input.currentTime }
        set { input.advanceTime(to: newValue) }
    }

    /// Keeps a timer armed until `time`: `nextWakeUpTime` reports it, and a headless run settles
    /// only after it. Code that wants to act at a time arms its own timer on `scheduler`.
    public func requestWakeUp(at time: Double) {
        input.requestWakeUp(at: time)
    }

    /// The earliest time one of the screen's timers (gestures, key repeat, wake-ups) is due, if any.
    public var nextWakeUpTime: Double? { input.nextWakeUpTime }

    /// The view that receives key events.
    public var focusedView: View? { input.focusedView }
}

extension View {
    public var isFirstResponder: Bool { screen?.focusedView === self }

    /// Takes keyboard focus; false when the view cannot take it or is not on a screen.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let screen else { return false }
        screen.input.setFocus(self)
        return true
    }

    @discardableResult
    public func resignFirstResponder() -> Bool {
        guard isFirstResponder, let screen else { return false }
        screen.input.setFocus(nil)
        return true
    }

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }
}
