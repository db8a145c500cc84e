import KioskGraphics
import KioskPlatform

/// One key of the on-screen keyboard: a rounded cap with its character, darker while pressed.
final class KeyboardKeyView: Control {
    let kind: KeyboardKeyKind
    var onPress: (() -> Void)?
    var onRepeat: (() -> Void)?
    private let caption = TextLayout(font: Font(size: 20))
    private var repeatTimer: TimerID?

    /// The character keys' style or font; the other keys' words and symbols are drawn in it at
    /// three quarters of its size. Nil: 20 and 15 points, following the text scale up to 1.3. A
    /// long word in a large font reaches past the cap (`drawingOverhang`): a geometry change too.
    var font: FontValue? {
        didSet { if font != oldValue { geometryDidChange(); setNeedsDisplay() } }
    }

    init(kind: KeyboardKeyKind, symbols: Bool) {
        self.kind = kind
        super.init()
        cornerRadius = 6
        touchSlop = 0
        caption.setText(Self.caption(for: kind, symbols: symbols))
        addAction(for: .touchUpInside) { [weak self] _ in
            guard let self, self.kind != .backspace else { return }
            self.onPress?()
        }
    }

    private static func caption(for kind: KeyboardKeyKind, symbols: Bool) -> String {
        switch kind {
        case .character(let text): text
        case .shift: "⇧"
        case .backspace: "⌫"
        case .returnKey: "return"
        case .space: "space"
        case .switchPage: symbols ? "ABC" : "123"
        }
    }

    private var isFunctionKey: Bool {
        if case .character = kind { return false }
        return kind != .space
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        let dark = environment.appearance == .dark
        let face: RGBA
        if isHighlighted || isSelected {
            face = dark ? RGBA(hex: 0x9A9A9F) : RGBA(hex: 0xA8ABB4)
        } else if isFunctionKey {
            face = dark ? RGBA(hex: 0x4A4A4D) : RGBA(hex: 0xAEB3BE)
        } else {
            face = dark ? RGBA(hex: 0x6B6B6E) : RGBA(hex: 0xFFFFFF)
        }
        canvas.fill(roundedRect: bounds.offsetBy(dx: 0, dy: 1), radius: cornerRadius, color: RGBA(hex: 0, alpha: 0.3))
        canvas.fill(roundedRect: bounds, radius: cornerRadius, color: face)
        let caption = preparedCaption(in: environment)
        canvas.draw(caption, at: origin(of: caption), color: environment.resolve(.label))
    }

    private func preparedCaption(in environment: Environment) -> TextLayout {
        caption.setFont(captionFont(in: environment))
        return caption
    }

    /// Centred on the cap.
    private func origin(of caption: TextLayout) -> Point {
        let size = caption.size
        return Point(x: (bounds.midX - size.width / 2).rounded(), y: (bounds.midY - size.height / 2).rounded())
    }

    private func captionFont(in environment: Environment) -> Font {
        let isWord = isFunctionKey || kind == .space
        guard let font else { return Font(size: (isWord ? 15 : 20) * min(environment.textScale, 1.3)) }
        let characterFont = environment.font(font)
        return isWord ? characterFont.scaled(by: 0.75) : characterFont
    }

    /// The shadow one point below the cap, and a caption wider or taller than the cap.
    override var drawingOverhang: EdgeInsets {
        let shadow = EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
        let caption = preparedCaption(in: environment)
        let captionOrigin = origin(of: caption)
        let ink = caption.inkRect.offsetBy(dx: captionOrigin.x, dy: captionOrigin.y).insetBy(dx: -1, dy: -1)
        guard !bounds.contains(ink) else { return shadow }
        let reach = overhang(reaching: ink, margin: 0)
        return EdgeInsets(top: reach.top, left: reach.left, bottom: max(shadow.bottom, reach.bottom), right: reach.right)
    }

    // Backspace acts on touch-down and repeats while held.
    override func beginTracking(_ touch: Touch) -> Bool {
        if kind == .backspace {
            onPress?()
            scheduleRepeat(after: (superview as? OnScreenKeyboard)?.repeatDelay ?? 0.5)
        }
        return true
    }

    private func scheduleRepeat(after delay: Double) {
        guard let input = screen?.input else { return }
        repeatTimer = input.schedule(after: delay) { [weak self] in
            guard let self, self.isTracking else { return }
            self.onRepeat?()
            self.scheduleRepeat(after: (self.superview as? OnScreenKeyboard)?.repeatInterval ?? 0.1)
        }
    }

    override func endTracking(_ touch: Touch?) {
        if let repeatTimer { screen?.input.cancelTimer(repeatTimer) }
        repeatTimer = nil
    }

    override var defaultAccessibilityLabel: String? { Self.caption(for: kind, symbols: false) }
    override var defaultAccessibilityTraits: AccessibilityTraits { [.keyboardKey] }
}
