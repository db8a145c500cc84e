import KioskGraphics
import KioskPlatform

/// Multi-line text editing: a tap puts the caret between the characters nearest the finger,
/// typing inserts there, backspace deletes, lines wrap at the width, and the text scrolls
/// (by dragging, and to keep the caret in view).
open class TextView: Control, TextInput {
    public var text: String {
        get { buffer.text }
        set {
            guard newValue != buffer.text else { return }
            buffer.text = newValue
            buffer.caret = min(buffer.caret, newValue.count)
            textDidChange()
        }
    }

    /// An explicit font; the body style at the environment's text scale otherwise.
    public var font: Font? { didSet { if font != oldValue { textDidChange() } } }
    public var textColor: Color = .label { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    public var inset = 8.0 { didSet { if inset != oldValue { textDidChange() } } }
    public var isEditable = true

    /// Character offset of the caret.
    public var caretIndex: Int {
        get { buffer.caret }
        set { buffer.caret = min(max(newValue, 0), buffer.text.count); setNeedsDisplay() }
    }

    /// How far the text is scrolled up, in points.
    public var scrollOffset = 0.0 {
        didSet { if scrollOffset != oldValue { setNeedsDisplay() } }
    }

    public var prefersNumericKeyboard: Bool { false }

    private var buffer = TextEditingBuffer()
    private let textLayout = TextLayout(font: Font(size: 17))
    private var dragStartOffset: Double?

    public init(text: String = "") {
        super.init()
        buffer.text = text
        backgroundColor = .systemBackground
        border = Border(width: 1, color: Color(.systemGray4))
        cornerRadius = 8
        clipsToBounds = true
        touchSlop = 0
        let pan = PanGestureRecognizer { [weak self] recognizer in self?.panned(recognizer as! PanGestureRecognizer) }
        addGestureRecognizer(pan)
    }

    /// The bounds less the inset; none left when the view is smaller than twice the inset.
    var textArea: Rect { bounds.inset(by: EdgeInsets(all: inset)) }

    /// The laid-out text, wrapped at the text area's width, in text coordinates (origin at the
    /// top-left of the unscrolled text).
    public func preparedLayout() -> TextLayout {
        let environment = self.environment
        textLayout.setText(buffer.text)
        textLayout.setFont(font ?? environment.font(.body))
        textLayout.setWrap(.wordChar)
        textLayout.setEllipsize(.none)
        textLayout.setMaxLines(0)
        // The text's own first strong character sets its direction (Latin text stays left to
        // right, punctuation included); the environment decides which edge it hugs.
        textLayout.setDirection(.auto)
        textLayout.setAlignment(environment.layoutDirection == .rightToLeft ? .right : .left)
        textLayout.setWidth(max(1, textArea.width))
        return textLayout
    }

    /// The character offset nearest to a point in the view's coordinates.
    public func characterIndex(at point: Point) -> Int {
        let area = textArea
        return preparedLayout().characterIndex(at: Point(x: point.x - area.minX, y: point.y - area.minY + scrollOffset))
    }

    private var maximumScrollOffset: Double {
        max(0, preparedLayout().size.height - textArea.height)
    }

    private func textDidChange() {
        setNeedsDisplay()
        scrollCaretIntoView()
    }

    private func scrollCaretIntoView() {
        let caret = preparedLayout().caretRect(atCharacter: buffer.caret)
        if caret.maxY - scrollOffset > textArea.height { scrollOffset = caret.maxY - textArea.height }
        if caret.minY < scrollOffset { scrollOffset = caret.minY }
        scrollOffset = min(max(scrollOffset, 0), maximumScrollOffset)
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        let layout = preparedLayout()
        let area = textArea
        canvas.withSavedState {
            canvas.clip(to: area.insetBy(dx: -2, dy: 0))
            let origin = Point(x: area.minX, y: area.minY - scrollOffset)
            canvas.draw(layout, at: origin, color: environment.resolve(textColor))
            if isFirstResponder {
                let caret = layout.caretRect(atCharacter: buffer.caret)
                canvas.fill(Rect(x: (origin.x + caret.minX).rounded() - 1, y: origin.y + caret.minY, width: 2, height: caret.height),
                            color: environment.resolve(.accent))
            }
        }
    }

    // MARK: Touch: a tap places the caret; a drag scrolls.

    open override func endTracking(_ touch: Touch?) {
        guard let touch, isInsideWithSlop(touch) else { return }
        if isEditable { becomeFirstResponder() }
        buffer.caret = characterIndex(at: touch.location(in: self))
        setNeedsDisplay()
    }

    private func panned(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            dragStartOffset = scrollOffset
        case .changed, .ended:
            guard let start = dragStartOffset else { return }
            scrollOffset = min(max(start - pan.translation.y, 0), maximumScrollOffset)
            if pan.state == .ended { dragStartOffset = nil }
        default:
            dragStartOffset = nil
        }
    }

    // MARK: Keys

    open override var canBecomeFirstResponder: Bool { isEditable && isEnabled }

    open override func keyPressed(_ event: KeyEvent) -> Bool {
        guard isEditable else { return false }
        if event.key == .escape { resignFirstResponder(); return true }
        if buffer.apply(event.key, multiline: true) {
            textDidChange()
            sendActions(for: [.editingChanged, .valueChanged])
        } else {
            setNeedsDisplay()
            scrollCaretIntoView()
        }
        return true
    }

    open override func didBecomeFirstResponder() {
        super.didBecomeFirstResponder()
        sendActions(for: .editingDidBegin)
    }

    open override func didResignFirstResponder() {
        super.didResignFirstResponder()
        sendActions(for: .editingDidEnd)
    }

    open override func performPrimaryAction() {}

    open override var defaultAccessibilityValue: String? { buffer.text }
    open override var defaultAccessibilityTraits: AccessibilityTraits { super.defaultAccessibilityTraits.union(.textField) }
}
