import KioskGraphics
import KioskPlatform

/// A one-line text input — the seed's CustomTextField: an optional 24×24 icon, the text or a
/// placeholder, a 1-point grey border with corner radius 8; while the text is invalid the border
/// turns red and an error message in caption2 red appears below. Validation runs when editing
/// ends and on submit (return), and again at every edit while an error shows, so fixing the text
/// clears it at once.
open class TextField: Control, TextInput {
    public enum BorderStyle: Sendable { case rounded, underlined }

    public var text: String {
        get { buffer.text }
        set {
            guard newValue != buffer.text else { return }
            buffer.text = newValue
            buffer.caret = newValue.count
            setNeedsDisplay()
        }
    }

    public var placeholder = "" { didSet { if placeholder != oldValue { setNeedsDisplay() } } }
    /// An icon comes and goes with the part drawn past a field smaller than it: a geometry change.
    public var icon: Icon? { didSet { if icon != oldValue { geometryDidChange(); setNeedsDisplay() } } }
    /// A picture shown in the icon's place when there is no symbol, as it is (never tinted).
    public var iconImage: ImageContent? {
        didSet {
            let changed = switch (iconImage, oldValue) {
            case (nil, nil): false
            case (.bitmap(let a)?, .bitmap(let b)?): a !== b
            case (.vector(let a)?, .vector(let b)?): a !== b
            default: true
            }
            if changed { geometryDidChange(); setNeedsDisplay() }
        }
    }
    var hasIcon: Bool { icon != nil || iconImage != nil }
    public var iconTint: Color = .systemGray { didSet { if iconTint != oldValue { setNeedsDisplay() } } }
    public var isSecure = false { didSet { if isSecure != oldValue { setNeedsDisplay() } } }
    public var isNumeric = false
    public var validationRules: [ValidationRule] = []
    /// Replaces the rules' own messages when set.
    public var errorMessage: String?
    public var borderStyle: BorderStyle = .rounded { didSet { if borderStyle != oldValue { restyle() } } }
    public var underlineColor: Color = Color(hex: 0x555555) { didSet { if underlineColor != oldValue { setNeedsDisplay() } } }
    public var underlineWidth = 1.0 { didSet { if underlineWidth != oldValue { setNeedsDisplay() } } }

    /// The error shown now: set from outside, or by validation.
    public var error: String? {
        didSet {
            guard error != oldValue else { return }
            errorLabel.text = error ?? ""
            errorLabel.isHidden = error == nil
            restyle()
            invalidateSize()
        }
    }

    public var prefersNumericKeyboard: Bool { isNumeric }

    public let errorLabel = Label("", style: .caption2, color: .systemRed)
    var buffer = TextEditingBuffer()
    private let textLayout = TextLayout(font: Font(size: 17))

    public convenience init(text: String = "", placeholder: String = "", icon: Symbol?) {
        self.init(text: text, placeholder: placeholder, icon: icon.map(Icon.symbol))
    }

    public init(text: String = "", placeholder: String = "", icon: Icon? = nil) {
        super.init()
        buffer.text = text
        buffer.caret = text.count
        self.placeholder = placeholder
        self.icon = icon
        errorLabel.isHidden = true
        errorLabel.numberOfLines = 2
        errorLabel.isAccessibilityElementOverride = false
        addSubview(errorLabel)
        touchSlop = 0
        restyle()
    }

    // MARK: Geometry

    /// An explicit font; when nil the text style is used at the environment's text scale.
    public var font: Font? {
        didSet { if font != oldValue { textDidChange() } }
    }

    public var textStyle: TextStyle = .body {
        didSet { if textStyle != oldValue { textDidChange() } }
    }

    /// The font in effect.
    public var effectiveFont: Font { font ?? environment.font(textStyle) }

    private func textDidChange() {
        invalidateSize()
        setNeedsDisplay()
    }

    /// The box height: 44, or 35 for the underlined style; taller when the font's line needs it, so
    /// a large font is not clipped.
    var boxHeight: Double {
        let standard: Double = borderStyle == .underlined ? 35 : 44
        guard font != nil || textStyle != .body else { return standard }
        let line = preparedLayout().size.height
        return max(standard, (line + Self.verticalTextMargin * 2).rounded(.up))
    }

    /// Space above and below a line of text in a box grown for its font.
    static let verticalTextMargin = 8.0
    var horizontalPadding: Double { 12 }
    static let errorSpacing = 4.0

    public var boxRect: Rect { Rect(x: 0, y: 0, width: bounds.width, height: min(bounds.height, boxHeight)) }

    var textRect: Rect {
        var rect = boxRect.insetBy(dx: horizontalPadding, dy: 0)
        if hasIcon {
            let shift = 24 + 8.0
            rect = Rect(x: rect.minX + (isRightToLeft ? 0 : shift), y: rect.minY, width: rect.width - shift, height: rect.height)
        }
        return rect
    }

    /// Where the icon is drawn: 24 × 24 at the leading end of the box, centred on its height.
    var iconRect: Rect {
        let box = boxRect
        let x = isRightToLeft ? box.maxX - horizontalPadding - 24 : box.minX + horizontalPadding
        return Rect(x: x, y: box.midY - 12, width: 24, height: 24)
    }

    var isRightToLeft: Bool { environment.layoutDirection == .rightToLeft }

    /// The icon keeps its size in a field laid out smaller than it, and reaches past the bounds;
    /// the text is clipped to the box.
    open override var drawingOverhang: EdgeInsets {
        hasIcon ? overhang(reaching: iconRect, margin: 1) : .zero
    }

    open override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? 240
        var height = boxHeight
        if error != nil { height += Self.errorSpacing + errorLabel.measure(ProposedSize(width: width, height: nil)).height }
        return Size(width: width, height: height)
    }

    open override func layout() {
        let size = errorLabel.measure(ProposedSize(width: bounds.width - 4, height: nil))
        errorLabel.frame = Rect(x: 4, y: boxHeight + Self.errorSpacing, width: bounds.width - 4, height: size.height)
    }

    // MARK: Look

    private func restyle() {
        cornerRadius = 0
        border = nil
        setNeedsDisplay()
    }

    open override func stateDidChange() { setNeedsDisplay() }

    var displayedText: String { isSecure ? String(repeating: "•", count: buffer.text.count) : buffer.text }

    func preparedLayout() -> TextLayout {
        textLayout.setFont(effectiveFont)
        textLayout.setText(buffer.text.isEmpty ? placeholder : displayedText)
        textLayout.setMaxLines(1)
        textLayout.setEllipsize(.none)
        textLayout.setWidth(nil)
        textLayout.setDirection(.auto)
        return textLayout
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        let box = boxRect
        let invalid = error != nil
        switch borderStyle {
        case .rounded:
            canvas.fill(roundedRect: box, radius: 8, color: environment.resolve(.systemBackground))
            canvas.beginPath()
            canvas.addRoundedRect(box.insetBy(dx: 0.5, dy: 0.5), radius: 7.5)
            let color: Color = invalid ? .systemRed : (isFirstResponder ? .accent : .systemGray4)
            canvas.stroke(environment.resolve(color), style: StrokeStyle(width: 1))
        case .underlined:
            let color: Color = invalid ? .systemRed : underlineColor
            canvas.fill(Rect(x: box.minX, y: box.maxY - underlineWidth, width: box.width, height: underlineWidth),
                        color: environment.resolve(color))
        }
        if let icon {
            icon.draw(in: iconRect, color: environment.resolve(iconTint), canvas: canvas)
        } else if let iconImage {
            let rect = iconRect
            canvas.withSavedState {
                canvas.clip(to: rect)
                iconImage.draw(in: ImageView.imageRect(for: iconImage.size, in: rect, mode: .fit), canvas: canvas)
            }
        }
        let layout = preparedLayout()
        let area = textRect
        let size = layout.size
        let origin = Point(x: isRightToLeft ? area.maxX - size.width : area.minX, y: (area.midY - size.height / 2).rounded())
        canvas.withSavedState {
            canvas.clip(to: area.insetBy(dx: -1, dy: 0))
            let color: Color = buffer.text.isEmpty ? Color(.placeholderText) : .label
            canvas.draw(layout, at: origin, color: environment.resolve(color))
            if isFirstResponder {
                let caret = buffer.text.isEmpty ? Rect(x: 0, y: 0, width: 0, height: size.height)
                    : layout.caretRect(atCharacter: buffer.caret)
                canvas.fill(Rect(x: (origin.x + caret.minX).rounded() - 1, y: origin.y + caret.minY, width: 2, height: caret.height),
                            color: environment.resolve(.accent))
            }
        }
    }

    // MARK: Editing

    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// A tap focuses the field and puts the caret at the tapped character.
    open override func endTracking(_ touch: Touch?) {
        guard let touch, isInsideWithSlop(touch), isEnabled else { return }
        becomeFirstResponder()
        guard !buffer.text.isEmpty else { return }
        let layout = preparedLayout()
        let area = textRect
        let point = touch.location(in: self)
        let originX = isRightToLeft ? area.maxX - layout.size.width : area.minX
        buffer.caret = layout.characterIndex(at: Point(x: point.x - originX, y: layout.size.height / 2))
        setNeedsDisplay()
    }

    open override func performPrimaryAction() {}

    open override func didBecomeFirstResponder() {
        super.didBecomeFirstResponder()
        sendActions(for: .editingDidBegin)
    }

    open override func didResignFirstResponder() {
        super.didResignFirstResponder()
        validate()
        sendActions(for: .editingDidEnd)
    }

    open override func keyPressed(_ event: KeyEvent) -> Bool {
        if event.key == .returnKey {
            submit()
            return true
        }
        if event.key == .escape || event.key == .tab {
            resignFirstResponder()
            return true
        }
        if case .text(let typed) = event.key, let rule = validationRules.lazy.compactMap({ rule -> Int? in
            if case .maxLength(let count) = rule { return count } else { return nil }
        }).first, buffer.text.count + typed.count > rule {
            return true
        }
        let before = buffer.text
        if buffer.apply(event.key, multiline: false) || buffer.text != before {
            setNeedsDisplay()
            if error != nil { validate() }
            sendActions(for: [.editingChanged, .valueChanged])
        } else {
            setNeedsDisplay()
        }
        return true
    }

    /// Validates and, when the text is valid, sends `.primaryAction` (the panel's `on_submit`) and
    /// ends editing.
    public func submit() {
        guard validate() else { return }
        sendActions(for: .primaryAction)
        resignFirstResponder()
    }

    /// Checks the rules; shows or clears the error. Returns whether the text is valid.
    @discardableResult
    public func validate() -> Bool {
        let failure = validationRules.lazy.compactMap { $0.failure(for: self.buffer.text) }.first
        error = failure.map { errorMessage ?? $0 }
        return failure == nil
    }

    // MARK: Accessibility

    open override var defaultAccessibilityLabel: String? { placeholder.isEmpty ? nil : placeholder }
    open override var defaultAccessibilityValue: String? {
        if let error { return "\(isSecure ? "" : buffer.text), error: \(error)" }
        return isSecure ? String(repeating: "•", count: buffer.text.count) : buffer.text
    }
    open override var defaultAccessibilityTraits: AccessibilityTraits { super.defaultAccessibilityTraits.union(.textField) }
}

/// A borderless text field with an underline — the seed's UnderlinedTextField: intrinsic height
/// 35, 12 points of padding left and right, a dark grey 1-point underline.
open class UnderlinedTextField: TextField {
    public override init(text: String = "", placeholder: String = "", icon: Icon? = nil) {
        super.init(text: text, placeholder: placeholder, icon: icon)
        borderStyle = .underlined
    }

    open override var intrinsicContentSize: Size? { Size(width: -1, height: 35) }
}
