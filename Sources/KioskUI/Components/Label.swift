import KioskGraphics

/// Text on one or more lines: a Pango layout cached until the text, font or width change.
open class Label: View {
    public var text: String {
        didSet { if text != oldValue { textDidChange() } }
    }

    /// An explicit font; when nil the text style is used at the environment's text scale.
    public var font: Font? {
        didSet { if font != oldValue { textDidChange() } }
    }

    public var textStyle: TextStyle = .body {
        didSet { if textStyle != oldValue { textDidChange() } }
    }

    public var textColor: Color = .label {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }

    public var textAlignment: TextAlignment = .natural {
        didSet {
            guard textAlignment != oldValue else { return }
            // Where the text sits, and so how far its ink reaches, changes with it.
            knownOverhang = nil
            geometryDidChange()
            setNeedsDisplay()
        }
    }

    /// At most this many lines; 0 means no limit.
    public var numberOfLines = 0 {
        didSet { if numberOfLines != oldValue { textDidChange() } }
    }

    public var wrap: TextWrap = .word {
        didSet { if wrap != oldValue { textDidChange() } }
    }

    public var ellipsize: TextEllipsize = .end {
        didSet { if ellipsize != oldValue { textDidChange() } }
    }

    private let textLayout: TextLayout
    /// The overhang worked out for a content box: damage asks for it whenever the label or an
    /// ancestor moves (a scroll, a slide), and working it out lays the text out through Pango.
    /// Forgotten when the text, its font or its alignment change.
    private var knownOverhang: (content: Rect, overhang: EdgeInsets)?

    public init(_ text: String = "", style: TextStyle = .body, color: Color = .label) {
        self.text = text
        self.textStyle = style
        self.textColor = color
        textLayout = TextLayout(text: text, font: .style(style))
        super.init()
    }

    /// The font in effect.
    public var effectiveFont: Font { font ?? environment.font(textStyle) }

    /// Takes a style or font as written: a style clears the explicit font, so it follows the text scale.
    public func setFont(_ value: FontValue) {
        switch value {
        case .style(let style):
            font = nil
            textStyle = style
        case .custom(let custom):
            font = custom
        }
    }

    /// Nil asks for the text on as few lines as possible; a width wraps it, and the size is never
    /// wider than it: a word longer than the width overflows the label (`drawingOverhang`). 0, the
    /// minimum, puts a word on each line.
    open override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let layout = preparedLayout()
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil }
        let measured = layout.measure(width: width)
        return Size(width: measured.width.rounded(.up), height: measured.height.rounded(.up))
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let (layout, origin) = laidOutText()
        canvas.draw(layout, at: origin, color: environment.resolve(textColor))
    }

    /// Glyphs may reach a little outside the line box (italics, accents, antialiasing); text
    /// taller than the label overflows it above and below, since it is centred; and a word wider
    /// than the label overflows it sideways, since word wrapping does not break inside words.
    open override var drawingOverhang: EdgeInsets {
        let content = contentRect
        if let knownOverhang, knownOverhang.content == content { return knownOverhang.overhang }
        let (layout, origin) = laidOutText()
        let insets = overhang(reaching: layout.inkRect.offsetBy(dx: origin.x, dy: origin.y), margin: 2)
        knownOverhang = (content, insets)
        return insets
    }

    /// The layout at the content width, and where it is drawn: vertically centred in the content
    /// box, like a platform label.
    private func laidOutText() -> (layout: TextLayout, origin: Point) {
        let layout = preparedLayout()
        let content = contentRect
        layout.setWidth(content.width)
        let height = layout.size.height
        return (layout, Point(x: content.minX, y: content.minY + ((content.height - height) / 2).rounded(.down)))
    }

    open override func environmentDidChange() {
        // The font (the text scale) and the reading direction come from the environment.
        knownOverhang = nil
        super.environmentDidChange()
    }

    open override var defaultAccessibilityLabel: String? { text }
    open override var defaultAccessibilityTraits: AccessibilityTraits { .staticText }
    open override var defaultIsAccessibilityElement: Bool { !text.isEmpty }

    private func textDidChange() {
        knownOverhang = nil
        // The text's extent may change with it: damage old and new places.
        geometryDidChange()
        setNeedsDisplay()
        invalidateSize()
    }

    private func preparedLayout() -> TextLayout {
        let environment = self.environment
        textLayout.setText(text)
        textLayout.setFont(font ?? environment.font(textStyle))
        textLayout.setMaxLines(numberOfLines)
        textLayout.setWrap(wrap)
        textLayout.setEllipsize(ellipsize)
        // The text decides its own reading order ("saved." stays "saved." in an Arabic UI); natural
        // alignment follows the layout direction of the interface, as platform labels do.
        textLayout.setDirection(.auto)
        if textAlignment == .natural {
            textLayout.setAlignment(environment.layoutDirection == .rightToLeft ? .right : .left)
        } else {
            textLayout.setAlignment(textAlignment)
        }
        return textLayout
    }
}
