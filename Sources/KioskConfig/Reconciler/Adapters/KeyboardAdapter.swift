import KioskGraphics
import KioskUI

/// `keyboard`: settings for the screen's on-screen keyboard. The keyboard itself belongs to the
/// runtime (it sits above every panel and slides up when a text input takes focus); this widget
/// takes no space and, while its panel is on screen, gives that keyboard its `layout`, `height` and
/// `font`.
public struct KeyboardAdapter: ComponentAdapter {
    public let type = "keyboard"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        KeyboardSettingsView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let settings = view as? KeyboardSettingsView else { return }
        changes.ifChanged("layout") { settings.layoutName = $0?.string }
        changes.ifChanged("height") { settings.height = $0?.number }
        changes.ifChanged("font") { assignIfDifferent(settings, \.keyFont, $0?.font) }
    }
}

/// An empty view that applies keyboard settings to the screen's keyboard whenever it is laid out
/// on a screen (its panel shown, or the settings changed).
public final class KeyboardSettingsView: View {
    public var layoutName: String? { didSet { if layoutName != oldValue { setNeedsLayout() } } }
    public var height: Double? { didSet { if height != oldValue { setNeedsLayout() } } }
    /// Nil: the keyboard's own fonts.
    public var keyFont: FontValue? { didSet { if keyFont != oldValue { setNeedsLayout() } } }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        fixedSize = SizeConstraint(width: 0, height: 0)
    }

    public override func layout() {
        // The screen's own keyboard, shown or not: a hidden one is in no view tree, and the
        // settings must be there when it slides up.
        guard let keyboard = screen?.onScreenKeyboard else { return }
        let layout = KeyboardLayout.forLocale(layoutName ?? environment.locale)
        if keyboard.keyboardLayout.name != layout.name { keyboard.keyboardLayout = layout }
        if let height, keyboard.height != height { keyboard.height = height }
        if keyboard.keyFont != keyFont { keyboard.keyFont = keyFont }
    }
}
