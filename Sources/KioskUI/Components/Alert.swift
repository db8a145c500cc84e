import KioskGraphics

/// A modal message — the seed's alert: a dimmed backdrop over everything, and a centred card with
/// the title (headline), the message (body) and a row of buttons ("OK" unless given), each text in
/// a font of its own when one is set. It fades and scales in, blocks every touch to what lies
/// below while shown, and each button dismisses it (animated) after running its action.
public final class Alert: View {
    public struct Action {
        public var title: String
        public var handler: (() -> Void)?

        public init(title: String, handler: (() -> Void)? = nil) {
            self.title = title
            self.handler = handler
        }
    }

    public let card = View()
    public let titleLabel = Label("", style: .headline, color: .label)
    public let messageLabel = Label("", style: .body, color: .label)
    public private(set) var buttons: [Button] = []
    public private(set) var isPresented = false

    /// The title's style or font. The card is as tall as its texts, so a new font lays it out again.
    public var titleFont: FontValue = .style(.headline) {
        didSet { if titleFont != oldValue { titleLabel.setFont(titleFont); setNeedsLayout() } }
    }

    /// The message's style or font.
    public var messageFont: FontValue = .style(.body) {
        didSet { if messageFont != oldValue { messageLabel.setFont(messageFont); setNeedsLayout() } }
    }

    /// The buttons' style or font; nil: body, on a row 44 points high as always. A font that was
    /// set gets a row as tall as the tallest title needs (44 at least): a 44-point row would cut it.
    public var buttonFont: FontValue? {
        didSet {
            guard buttonFont != oldValue else { return }
            for button in buttons { button.titleLabel.setFont(buttonFont ?? .style(.body)) }
            setNeedsLayout()
        }
    }

    static let cardWidth = 280.0
    static let animationDuration = 0.2

    public init(title: String, message: String = "", actions: [Action] = [Action(title: "OK")]) {
        super.init()
        backgroundColor = Color.black.withAlphaComponent(0.4)
        card.backgroundColor = Color(.secondarySystemBackground)
        card.cornerRadius = 14
        card.shadow = ViewShadow(color: .black, opacity: 0.25, offset: Size(width: 0, height: 6), radius: 16)
        titleLabel.text = title
        titleLabel.textAlignment = .center
        titleLabel.accessibilityTraits = [.header, .staticText]
        messageLabel.text = message
        messageLabel.textAlignment = .center
        messageLabel.isHidden = message.isEmpty
        addSubview(card)
        card.addSubview(titleLabel)
        card.addSubview(messageLabel)
        for action in actions.isEmpty ? [Action(title: "OK")] : actions {
            let button = Button(title: action.title, style: .plain)
            button.tintColor = .accent
            button.id = "alert.\(action.title)"
            button.addAction(for: .primaryAction) { [weak self] _ in
                action.handler?()
                self?.dismiss()
            }
            buttons.append(button)
            card.addSubview(button)
        }
        accessibilityTraits = .modal
    }

    // MARK: Presenting

    /// Shows the alert above everything on the screen.
    public func present(on screen: Screen) {
        guard !isPresented else { return }
        isPresented = true
        screen.focusedView?.resignFirstResponder()
        screen.installLayerHost().addLayer(self)
        alpha = 0
        card.transform = AffineTransform(scale: 1.1)
        View.animate(duration: Self.animationDuration, curve: .easeOut) {
            self.alpha = 1
            self.card.transform = .identity
        }
    }

    public func dismiss(completion: (() -> Void)? = nil) {
        guard isPresented else { return }
        isPresented = false
        // While it fades, it still blocks touches; it is removed when the fade ends.
        View.animate(duration: Self.animationDuration, curve: .easeIn, animations: {
            self.alpha = 0
        }, completion: { [weak self] _ in
            guard let self, !self.isPresented else { return }
            (self.superview as? LayerHostView)?.removeLayer(self)
            completion?()
        })
    }

    // MARK: Layout

    public override func layout() {
        let inner = Self.cardWidth - 32
        let title = titleLabel.measure(ProposedSize(width: inner, height: nil))
        let message = messageLabel.isHidden ? .zero : messageLabel.measure(ProposedSize(width: inner, height: nil))
        var y = 20.0
        titleLabel.frame = Rect(x: 16, y: y, width: inner, height: title.height)
        y += title.height
        if !messageLabel.isHidden {
            y += 6
            messageLabel.frame = Rect(x: 16, y: y, width: inner, height: message.height)
            y += message.height
        }
        y += 20
        let buttonWidth = (Self.cardWidth / Double(max(buttons.count, 1))).rounded(.down)
        let buttonHeight = buttonFont == nil ? 44
            : buttons.map { $0.measure(ProposedSize(width: buttonWidth, height: nil)).height.rounded(.up) }.max() ?? 44
        for (index, button) in buttons.enumerated() {
            let x = environment.layoutDirection == .rightToLeft ? Self.cardWidth - buttonWidth * Double(index + 1) : buttonWidth * Double(index)
            button.frame = Rect(x: x, y: y, width: buttonWidth, height: buttonHeight)
        }
        let height = y + buttonHeight
        card.frame = Rect(x: ((bounds.width - Self.cardWidth) / 2).rounded(), y: ((bounds.height - height) / 2).rounded(),
                          width: Self.cardWidth, height: height)
    }

    // The backdrop takes every touch that misses the card: nothing below is reachable.
    public override func touchesBegan(_ touches: [Touch]) {}
    public override func touchesMoved(_ touches: [Touch]) {}
    public override func touchesEnded(_ touches: [Touch]) {}
    public override func touchesCancelled(_ touches: [Touch]) {}
}
