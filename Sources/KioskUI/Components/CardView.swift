import KioskGraphics

/// A rounded, shadowed card with a centred title and subtitle: the seed's CustomCardView. Unless
/// given colours, its text is white or black, whichever contrasts more with the background as the
/// current appearance resolves it.
open class CardView: View {
    public let titleLabel = Label("", style: .headline, color: .white)
    public let subtitleLabel = Label("", style: .subheadline, color: Color.white.withAlphaComponent(0.8))

    /// The title's colour; nil picks white or black by contrast with the background.
    public var titleColor: Color? {
        didSet { if titleColor != oldValue { updateTextColors() } }
    }

    /// The subtitle's colour; nil takes the automatic title colour at 80 %.
    public var subtitleColor: Color? {
        didSet { if subtitleColor != oldValue { updateTextColors() } }
    }

    public override var backgroundColor: Color? {
        didSet { if backgroundColor != oldValue { updateTextColors() } }
    }

    static let subtitleOpacity = 0.8

    public var title: String {
        get { titleLabel.text }
        set { titleLabel.text = newValue }
    }

    public var subtitle: String {
        get { subtitleLabel.text }
        set {
            subtitleLabel.text = newValue
            subtitleLabel.isHidden = newValue.isEmpty
        }
    }

    public init(title: String = "", subtitle: String = "", background: Color = .systemBlue) {
        super.init()
        backgroundColor = background
        cornerRadius = 12
        shadow = ViewShadow(color: .black, opacity: 0.2, offset: Size(width: 0, height: 4), radius: 8)
        titleLabel.textAlignment = .center
        subtitleLabel.textAlignment = .center
        addSubview(titleLabel)
        addSubview(subtitleLabel)
        self.title = title
        self.subtitle = subtitle
        updateTextColors()
    }

    open override func environmentDidChange() {
        super.environmentDidChange()
        updateTextColors()
    }

    /// White or black, whichever reads better on the background in the current appearance; a
    /// translucent background is judged as it looks over the system background.
    public var automaticTextColor: Color {
        let environment = self.environment
        let base = environment.resolve(.systemBackground)
        let background = backgroundColor.map { environment.resolve($0).composited(over: base) } ?? base
        return Color(background.readableTextColor)
    }

    private func updateTextColors() {
        let automatic = automaticTextColor
        titleLabel.textColor = titleColor ?? automatic
        subtitleLabel.textColor = subtitleColor ?? automatic.withAlphaComponent(Self.subtitleOpacity)
    }

    open override var defaultAccessibilityLabel: String? { subtitle.isEmpty ? title : "\(title), \(subtitle)" }
    open override var defaultIsAccessibilityElement: Bool { true }

    /// Title 20 from the top and 16 from the sides, subtitle 8 below it, at least 20 at the bottom.
    private static let insets = EdgeInsets(top: 20, left: 16, bottom: 20, right: 16)
    private static let titleToSubtitle = 8.0

    open override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let innerWidth = proposal.width.map { max(0, $0 - Self.insets.horizontal) }
        let title = titleLabel.measure(ProposedSize(width: innerWidth, height: nil))
        let subtitle = subtitleLabel.isHidden ? .zero : subtitleLabel.measure(ProposedSize(width: innerWidth, height: nil))
        let gap = subtitleLabel.isHidden ? 0 : Self.titleToSubtitle
        let width = (proposal.width?.isFinite ?? false) ? proposal.width! : max(title.width, subtitle.width) + Self.insets.horizontal
        let height = Self.insets.top + title.height + gap + subtitle.height + Self.insets.bottom
        return Size(width: width, height: max(height, proposal.height.flatMap { $0.isFinite ? $0 : nil } ?? 0))
    }

    open override func layout() {
        let inner = bounds.inset(by: Self.insets)
        let title = titleLabel.measure(ProposedSize(width: inner.width, height: nil))
        titleLabel.frame = Rect(x: inner.minX, y: inner.minY, width: inner.width, height: title.height)
        let subtitle = subtitleLabel.measure(ProposedSize(width: inner.width, height: nil))
        subtitleLabel.frame = Rect(x: inner.minX, y: titleLabel.frame.maxY + Self.titleToSubtitle,
                                   width: inner.width, height: subtitle.height)
    }
}
