import KioskGraphics
import KioskPlatform

/// Watches the touches that start on its view (or the view's subviews) and decides whether they
/// make a gesture. Recognizers see each touch before the view does; one that recognizes takes the
/// touch, and the views below it hear `touchesCancelled`.
open class GestureRecognizer {
    public enum State: Sendable {
        case possible, began, changed
        /// Recognized (discrete gestures go straight here) or finished (continuous ones).
        case ended
        case cancelled, failed
    }

    public internal(set) var state: State = .possible
    public internal(set) weak var view: View?
    public var isEnabled = true
    /// Whether recognizing cancels the touches in the views below.
    public var cancelsTouchesInView = true

    private var handlers: [(GestureRecognizer) -> Void] = []
    public private(set) var trackedTouches: [Touch] = []
    private var timer: TimerID?

    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        if let action { handlers.append(action) }
    }

    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) {
        handlers.append(action)
    }

    /// The centroid of the tracked touches in a view's coordinates.
    public func location(in view: View?) -> Point {
        guard !trackedTouches.isEmpty else { return lastLocation.map { Touch.convert($0, to: view) } ?? .zero }
        let sum = trackedTouches.reduce(Point.zero) { $0 + $1.location }
        let count = Double(trackedTouches.count)
        return Touch.convert(Point(x: sum.x / count, y: sum.y / count), to: view)
    }

    private var lastLocation: Point?

    // MARK: Subclass hooks

    /// Whether the recognizer watches a touch that just began. By default a tap recognizer leaves
    /// alone touches that begin on a control inside its view: the control's own action wins.
    open func shouldReceive(_ touch: Touch) -> Bool { true }

    open func touchBegan(_ touch: Touch) {}
    open func touchMoved(_ touch: Touch) {}
    open func touchEnded(_ touch: Touch) {}
    open func touchCancelled(_ touch: Touch) {
        if state == .began || state == .changed { setState(.cancelled) } else if state == .possible { fail() }
    }
    /// Back to `.possible`, forgetting progress; subclasses call super.
    open func reset() {
        cancelTimer()
    }

    // MARK: State

    /// Moves to a new state: beginning or recognizing takes the touches, every state but
    /// `possible`/`failed` runs the actions, and final states reset once the touches are gone.
    public func setState(_ newState: State) {
        let wasPossible = state == .possible
        state = newState
        if wasPossible && (newState == .began || newState == .ended) {
            view?.screen?.input.recognizerDidBegin(self)
        }
        if newState != .possible && newState != .failed {
            for handler in handlers { handler(self) }
        }
        resetIfFinished()
    }

    func fail() {
        guard state == .possible else { return }
        state = .failed
        resetIfFinished()
    }

    private func resetIfFinished() {
        guard [.ended, .cancelled, .failed].contains(state), trackedTouches.isEmpty else { return }
        state = .possible
        reset()
    }

    // MARK: Timers on the screen's clock

    public var currentTime: Double { view?.screen?.currentTime ?? 0 }

    public func startTimer(after delay: Double, _ action: @escaping () -> Void) {
        cancelTimer()
        guard let input = view?.screen?.input else { return }
        timer = input.schedule(after: delay) { [weak self] in
            self?.timer = nil
            action()
        }
    }

    public func cancelTimer() {
        if let timer { view?.screen?.input.cancelTimer(timer) }
        timer = nil
    }

    // MARK: Touch bookkeeping (the router calls these)

    func isTracking(_ touch: Touch) -> Bool { trackedTouches.contains { $0 === touch } }

    func add(_ touch: Touch) {
        trackedTouches.append(touch)
    }

    func remove(_ touch: Touch) {
        lastLocation = touch.location
        trackedTouches.removeAll { $0 === touch }
        resetIfFinished()
    }
}
