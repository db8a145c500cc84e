import KioskGraphics
import KioskPlatform

/// Routes input for one screen: touches to the view hit when they began (and up its superview
/// chain), through the gesture recognizers on the way; keys to the focused view. Its timers (long
/// presses, key repeat, double-tap timeouts) are timers of the screen's `Scheduler`, so they fire
/// on the device's event loop and on a test's virtual loop alike.
public final class InputRouter {
    unowned let screen: Screen

    public private(set) weak var focusedView: View?
    /// While a hardware keyboard is present the on-screen keyboard stays hidden.
    public private(set) var hardwareKeyboardPresent = false

    private var touches: [Int: Touch] = [:]
    /// The screen's timers armed now, with their deadlines: `nextWakeUpTime` is the earliest.
    private var timerDeadlines: [TimerID: Double] = [:]
    private var focusObservers: [(View?) -> Void] = []
    private var keyboardObservers: [(Bool) -> Void] = []

    init(screen: Screen) {
        self.screen = screen
    }

    // MARK: Time

    /// Seconds on the screen's scheduler.
    public var currentTime: Double { screen.scheduler.now }

    /// Moves a virtual clock forward to `time`, firing the timers that fall due on the way. On a
    /// device's loop time moves by itself, and this does nothing.
    public func advanceTime(to time: Double) {
        guard let loop = screen.scheduler as? VirtualLoop, time > loop.now else { return }
        loop.advance(to: time)
    }

    /// When the earliest of the screen's timers is due, if any is armed.
    public var nextWakeUpTime: Double? { timerDeadlines.values.min() }

    /// Keeps a timer armed until `time`, so `nextWakeUpTime` (and a headless `settle`) waits for it.
    public func requestWakeUp(at time: Double) {
        arm(at: time) {}
    }

    /// Calls `action` after `delay` seconds on the screen's clock.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> TimerID? {
        arm(at: currentTime + max(0, delay), action)
    }

    public func cancelTimer(_ timer: TimerID) {
        screen.scheduler.cancelTimer(timer)
        timerDeadlines[timer] = nil
    }

    @discardableResult
    private func arm(at deadline: Double, _ action: @escaping () -> Void) -> TimerID? {
        var armed: TimerID?
        do {
            let id = try screen.scheduler.addTimer(at: deadline) { [weak self] in
                if let armed { self?.timerDeadlines[armed] = nil }
                action()
            }
            armed = id
            timerDeadlines[id] = deadline
            return id
        } catch {
            // Only a device's timerfd can refuse; the gesture then simply never times out.
            return nil
        }
    }

    // MARK: Dispatch

    public func dispatch(_ event: InputEvent) {
        switch event {
        case .touch(let sample):
            advanceTime(to: sample.timestamp)
            dispatchTouch(sample)
        case .key(let key):
            advanceTime(to: key.timestamp)
            if key.isDown { _ = focusedView?.keyPressed(key) }
        case .hardwareKeyboardPresent(let present):
            guard present != hardwareKeyboardPresent else { return }
            hardwareKeyboardPresent = present
            for observer in keyboardObservers { observer(present) }
        }
    }

    /// The touches now down.
    public var activeTouches: [Touch] { touches.values.sorted { $0.id < $1.id } }

    private func dispatchTouch(_ sample: TouchSample) {
        switch sample.phase {
        case .began:
            if let stale = touches[sample.id] { finish(stale, phase: .cancelled) }
            let hit = screen.hitTest(sample.location)
            let touch = Touch(sample: sample, view: hit)
            touch.recognizers = Self.recognizers(from: hit).filter { $0.shouldReceive(touch) }
            touches[sample.id] = touch
            for recognizer in touch.recognizers {
                recognizer.add(touch)
                recognizer.touchBegan(touch)
            }
            if touch.isDeliveredToView { hit?.touchesBegan([touch]) }
        case .moved:
            // A pointer moving with no button down is not a touch.
            guard let touch = touches[sample.id] else { return }
            touch.previousLocation = touch.location
            touch.location = sample.location
            touch.timestamp = sample.timestamp
            touch.phase = .moved
            for recognizer in touch.recognizers where recognizer.isTracking(touch) { recognizer.touchMoved(touch) }
            if touch.isDeliveredToView { touch.view?.touchesMoved([touch]) }
        case .ended, .cancelled:
            guard let touch = touches[sample.id] else { return }
            touch.previousLocation = touch.location
            touch.location = sample.location
            touch.timestamp = sample.timestamp
            finish(touch, phase: sample.phase)
        }
    }

    private func finish(_ touch: Touch, phase: TouchPhase) {
        touch.phase = phase
        touches[touch.id] = nil
        for recognizer in touch.recognizers where recognizer.isTracking(touch) {
            if phase == .ended { recognizer.touchEnded(touch) } else { recognizer.touchCancelled(touch) }
            recognizer.remove(touch)
        }
        if touch.isDeliveredToView {
            if phase == .ended { touch.view?.touchesEnded([touch]) } else { touch.view?.touchesCancelled([touch]) }
        }
    }

    private static func recognizers(from view: View?) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var current = view
        while let view = current {
            result.append(contentsOf: view.gestureRecognizers.filter(\.isEnabled))
            current = view.superview
        }
        return result
    }

    /// A recognizer recognized its gesture: it takes its touches. The views below it hear them
    /// cancelled, and recognizers still deciding about those touches fail.
    func recognizerDidBegin(_ winner: GestureRecognizer) {
        for touch in winner.trackedTouches {
            if winner.cancelsTouchesInView && touch.isDeliveredToView {
                touch.isDeliveredToView = false
                touch.view?.touchesCancelled([touch])
            }
            for other in touch.recognizers where other !== winner && other.state == .possible {
                other.fail()
            }
        }
    }

    /// A view left the screen: its touches are cancelled and it loses focus.
    func viewWillLeave(_ view: View) {
        for touch in touches.values where touch.isDeliveredToView {
            if let target = touch.view, target.isDescendant(of: view) {
                touch.isDeliveredToView = false
                target.touchesCancelled([touch])
            }
        }
        if let focused = focusedView, focused.isDescendant(of: view) { setFocus(nil) }
    }

    // MARK: Focus

    func setFocus(_ view: View?) {
        guard view !== focusedView else { return }
        let old = focusedView
        focusedView = view
        old?.didResignFirstResponder()
        view?.didBecomeFirstResponder()
        for observer in focusObservers { observer(view) }
    }

    /// Called with the new focused view (nil when focus went away).
    public func addFocusObserver(_ observer: @escaping (View?) -> Void) {
        focusObservers.append(observer)
    }

    /// Called when a hardware keyboard appears (true) or goes away (false).
    public func addHardwareKeyboardObserver(_ observer: @escaping (Bool) -> Void) {
        keyboardObservers.append(observer)
    }
}
