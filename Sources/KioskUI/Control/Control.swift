import KioskGraphics

/// A view that the user operates: it tracks one finger from touch-down, knows whether the finger
/// is still inside (with a slop margin, so a shaky finger on a small target still counts), shows
/// its state, and sends control events to the actions registered for them.
open class Control: View {
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { if !isEnabled { cancelCurrentTracking() }; stateDidChange() } }
    }

    public var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }

    public private(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    public private(set) var isTracking = false
    /// Whether the tracked finger is inside the bounds widened by `touchSlop`.
    public private(set) var isTouchInside = false

    /// How far outside its bounds a finger may wander and still count as inside.
    public var touchSlop = 24.0

    public var state: ControlState {
        var state: ControlState = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        if isFirstResponder { state.insert(.focused) }
        return state
    }

    private var actions: [(token: ControlActionToken, events: ControlEvents, handler: (Control) -> Void)] = []
    private var nextActionID = 0
    private weak var trackedTouch: Touch?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    // MARK: Actions

    @discardableResult
    public func addAction(for events: ControlEvents, _ handler: @escaping (Control) -> Void) -> ControlActionToken {
        nextActionID += 1
        let token = ControlActionToken(id: nextActionID)
        actions.append((token, events, handler))
        return token
    }

    public func removeAction(_ token: ControlActionToken) {
        actions.removeAll { $0.token == token }
    }

    /// Runs the actions registered for any of `events`, in the order they were added.
    public func sendActions(for events: ControlEvents) {
        for action in actions where !action.events.isDisjoint(with: events) { action.handler(self) }
    }

    // MARK: Tracking (subclasses override these, not the touch methods)

    /// A finger went down; return false to ignore it.
    open func beginTracking(_ touch: Touch) -> Bool { true }
    /// The finger moved; return false to stop tracking it.
    open func continueTracking(_ touch: Touch) -> Bool { true }
    /// The finger lifted (`touch` is nil when tracking was cancelled).
    open func endTracking(_ touch: Touch?) {}
    open func cancelTracking() {}

    /// The state changed: repaint by default; components restyle here.
    open func stateDidChange() { setNeedsDisplay() }

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch]) {
        guard isEnabled, trackedTouch == nil, let touch = touches.first else { return }
        guard beginTracking(touch) else { return }
        trackedTouch = touch
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: .touchDown)
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard let touch = trackedTouch, touches.contains(where: { $0 === touch }) else { return }
        let inside = isInsideWithSlop(touch)
        if inside != isTouchInside {
            isTouchInside = inside
            isHighlighted = inside
            sendActions(for: inside ? .touchDragEnter : .touchDragExit)
        }
        if !continueTracking(touch) {
            finishTracking(touch, ended: false)
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        guard let touch = trackedTouch, touches.contains(where: { $0 === touch }) else { return }
        isTouchInside = isInsideWithSlop(touch)
        finishTracking(touch, ended: true)
    }

    open override func touchesCancelled(_ touches: [Touch]) {
        guard let touch = trackedTouch, touches.contains(where: { $0 === touch }) else { return }
        cancelCurrentTracking()
    }

    private func finishTracking(_ touch: Touch, ended: Bool) {
        let inside = isTouchInside
        trackedTouch = nil
        isTracking = false
        isHighlighted = false
        endTracking(touch)
        if ended {
            sendActions(for: inside ? [.touchUpInside] : [.touchUpOutside])
            if inside { performPrimaryAction() }
        }
    }

    /// What a release inside does: sends `.primaryAction` by default; a switch also toggles, a
    /// text field takes focus instead.
    open func performPrimaryAction() { sendActions(for: .primaryAction) }

    private func cancelCurrentTracking() {
        guard isTracking else { return }
        trackedTouch = nil
        isTracking = false
        isTouchInside = false
        isHighlighted = false
        cancelTracking()
        endTracking(nil)
        sendActions(for: .touchCancel)
    }

    func isInsideWithSlop(_ touch: Touch) -> Bool {
        bounds.insetBy(dx: -touchSlop, dy: -touchSlop).contains(touch.location(in: self))
    }

    open override func didBecomeFirstResponder() { stateDidChange() }
    open override func didResignFirstResponder() { stateDidChange() }

    // MARK: Accessibility

    open override var defaultIsAccessibilityElement: Bool { true }
    open override var defaultAccessibilityTraits: AccessibilityTraits {
        var traits: AccessibilityTraits = []
        if !isEnabled { traits.insert(.notEnabled) }
        if isSelected { traits.insert(.selected) }
        return traits
    }

    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        sendActions(for: .touchUpInside)
        performPrimaryAction()
        return true
    }
}
