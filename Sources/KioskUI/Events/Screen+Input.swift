import KioskGraphics
import KioskPlatform

extension Screen {
    /// Delivers one input event: touches to views and gesture recognizers, keys to the focused view.
    public func dispatch(_ event: InputEvent) {
        input.dispatch(event)
    }

    /// The runtime's clock as the screen knows it. Setting it forward fires due timers; animations
    /// created now start at this time.
    public var currentTime: Double {
        get { input.currentTime }
        set { input.advanceTime(to: newValue) }
    }

    /// Asks the runtime to call back (set `currentTime`) at `time`.
    public func requestWakeUp(at time: Double) {
        input.requestWakeUp(at: time)
    }

    /// The earliest time a timer is due, if any.
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
