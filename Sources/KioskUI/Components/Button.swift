import KioskGraphics

/// A push button: a title on a filled, bordered or plain background; dimmed while pressed;
/// its action runs on touch-up-inside only.
open class Button: Control {
    public enum Style: String, Sendable { case filled, bordered, plain }

    public let titleLabel = Label("", style: .body, color: .white)

    public var title: String {
        get { titleLabel.text }
        set { titleLabel.text = newValue; invalidateSize() }
    }

    public var style: Style = .filled {
        didSet { if style != oldValue { restyle() } }
    }

    /// The fill of a filled button, the outline and title of a bordered or plain one.
    public var tintColor: Color = .systemRed {
        didSet { if tintColor != oldValue { restyle() } }
    }

    public var titleColor: Color = .white {
        didSet { if titleColor != oldValue { restyle() } }
    }

    public init(title: String = "", style: Style = .filled, action: ((Control) -> Void)? = nil) {
        super.init()
        self.style = style
        cornerRadius = 5
        titleLabel.textAlignment = .center
        titleLabel.numberOfLines = 1
        titleLabel.isUserInteractionEnabled = false
        addSubview(titleLabel)
        self.title = title
        if let action { addAction(for: .primaryAction, action) }
        restyle()
    }

    private static let insets = EdgeInsets(top: 10, left: 16, bottom: 10, right: 16)

    open override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let title = titleLabel.measure(ProposedSize(width: proposal.width.map { max(0, $0 - Self.insets.horizontal) }, height: nil))
        return Size(width: max(44, title.width + Self.insets.horizontal), height: max(44, title.height + Self.insets.vertical))
    }

    open override func layout() {
        let height = titleLabel.measure(ProposedSize(width: bounds.width - Self.insets.horizontal, height: nil)).height
        titleLabel.frame = Rect(x: Self.insets.left, y: ((bounds.height - height) / 2).rounded(),
                                width: bounds.width - Self.insets.horizontal, height: height)
    }

    open override func stateDidChange() { restyle() }

    private func restyle() {
        let pressedOrDisabled = isHighlighted || !isEnabled
        switch style {
        case .filled:
            backgroundColor = tintColor
            border = nil
            titleLabel.textColor = titleColor
        case .bordered:
            backgroundColor = nil
            border = Border(width: 1, color: tintColor)
            titleLabel.textColor = tintColor
        case .plain:
            backgroundColor = nil
            border = nil
            titleLabel.textColor = tintColor
        }
        titleLabel.alpha = pressedOrDisabled ? (isEnabled ? 0.6 : 0.4) : 1
        if style == .filled { alpha = isEnabled ? (isHighlighted ? 0.8 : 1) : 0.5 }
    }

    open override var defaultAccessibilityLabel: String? { title }
    open override var defaultAccessibilityTraits: AccessibilityTraits { super.defaultAccessibilityTraits.union(.button) }
}
