import KioskGraphics
import KioskPlatform

/// Routes input for one screen: touches to the view hit when they began (and up its superview
/// chain), through the gesture recognizers on the way; keys to the focused view. Keeps the
/// screen's notion of time and its timers.
///
/// The runtime sets the time before dispatching (`advanceTime(to:)`; a touch sample's timestamp
/// moves it too) and wakes up at `nextWakeUpTime` to let timers fire.
public final class InputRouter {
    unowned let screen: Screen

    /// Seconds on the runtime's clock, as last reported.
    public private(set) var currentTime: Double = 0
    public private(set) weak var focusedView: View?
    /// While a hardware keyboard is present the on-screen keyboard stays hidden.
    public private(set) var hardwareKeyboardPresent = false

    /// Called when the earliest wake-up time changes: the runtime arms a timer for it.
    public var onWakeUpRequest: ((Double) -> Void)?

    private var touches: [Int: Touch] = [:]
    private let timers = ScreenTimers()
    private var requestedWakeUps: [Double] = []
    private var focusObservers: [(View?) -> Void] = []
    private var keyboardObservers: [(Bool) -> Void] = []

    init(screen: Screen) {
        self.screen = screen
    }

    // MARK: Time

    /// Moves the screen's clock forward and fires the timers that fell due.
    public func advanceTime(to time: Double) {
        guard time >= currentTime else { return }
        currentTime = time
        requestedWakeUps.removeAll { $0 <= time + 1e-9 }
        timers.fire(upTo: time)
    }

    /// When the runtime must next call `advanceTime(to:)`, if ever.
    public var nextWakeUpTime: Double? {
        [timers.nextFireTime, requestedWakeUps.min()].compactMap { $0 }.min()
    }

    public func requestWakeUp(at time: Double) {
        requestedWakeUps.append(time)
        onWakeUpRequest?(time)
    }

    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> TimerToken {
        let time = currentTime + max(0, delay)
        let token = timers.schedule(at: time, action)
        onWakeUpRequest?(time)
        return token
    }

    public func cancelTimer(_ token: TimerToken) {
        timers.cancel(token)
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
