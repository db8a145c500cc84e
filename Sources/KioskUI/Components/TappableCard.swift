import KioskGraphics

/// A card that is also a button — the seed's TappableCardControl: it shrinks to 0.95 and fades
/// to 0.7 over 0.1 s when touched, restores when the finger lifts or the touch is cancelled, and
/// runs its action only when the finger lifts inside.
open class TappableCard: Control {
    public let card: CardView

    public var title: String {
        get { card.title }
        set { card.title = newValue }
    }

    public var subtitle: String {
        get { card.subtitle }
        set { card.subtitle = newValue }
    }

    public static let pressedScale = 0.95
    public static let pressedAlpha = 0.7
    public static let pressDuration = 0.1

    public init(title: String = "", subtitle: String = "", background: Color = .systemBlue, action: ((Control) -> Void)? = nil) {
        card = CardView(title: title, subtitle: subtitle, background: background)
        super.init()
        card.isUserInteractionEnabled = false
        addSubview(card)
        if let action { addAction(for: .primaryAction, action) }
    }

    open override func sizeThatFits(_ proposal: ProposedSize) -> Size { card.measure(proposal) }

    open override func layout() { card.frame = bounds }

    open override func stateDidChange() {
        let pressed = isHighlighted
        View.animate(duration: Self.pressDuration, curve: .easeInOut) {
            self.transform = pressed ? AffineTransform(scale: Self.pressedScale) : .identity
            self.alpha = pressed ? Self.pressedAlpha : 1
        }
    }

    open override var defaultAccessibilityLabel: String? { card.subtitle.isEmpty ? card.title : "\(card.title), \(card.subtitle)" }
    open override var defaultAccessibilityTraits: AccessibilityTraits { super.defaultAccessibilityTraits.union(.button) }
}
