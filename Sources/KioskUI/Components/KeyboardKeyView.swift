import KioskGraphics
import KioskPlatform

/// One key of the on-screen keyboard: a rounded cap with its character, darker while pressed.
final class KeyboardKeyView: Control {
    let kind: KeyboardKeyKind
    var onPress: (() -> Void)?
    var onRepeat: (() -> Void)?
    private let caption = TextLayout(font: Font(size: 20))
    private var repeatTimer: TimerID?

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
        caption.setFont(Font(size: (isFunctionKey || kind == .space ? 15 : 20) * min(environment.textScale, 1.3)))
        let size = caption.size
        canvas.draw(caption, at: Point(x: (bounds.midX - size.width / 2).rounded(), y: (bounds.midY - size.height / 2).rounded()),
                    color: environment.resolve(.label))
    }

    override var drawingOverhang: EdgeInsets { EdgeInsets(top: 0, left: 0, bottom: 1, right: 0) }

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
