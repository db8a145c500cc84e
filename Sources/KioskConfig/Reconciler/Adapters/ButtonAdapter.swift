import KioskGraphics
import KioskUI

/// `button`: a `Button`; `on_tap` on touch-up inside.
public struct ButtonAdapter: ComponentAdapter {
    public let type = "button"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        let button = Button()
        let events = context.events
        _ = button.addAction(for: .touchUpInside) { _ in events.send("tap") }
        if widget.actions["long_press"] != nil { addLongPress(to: button, events: events) }
        return button
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let button = view as? Button else { return }
        changes.ifChanged("title") { assignIfDifferent(button, \.title, $0?.string ?? "") }
        // The button's fill is its tint; `background` stays the fill for the filled style.
        changes.ifChanged("background") { background in
            assignIfDifferent(button, \.tintColor, background?.color ?? .systemRed)
            if button.style == .filled { assignIfDifferent(button, \.backgroundColor, background?.color ?? .systemRed) }
        }
        changes.ifChanged("font") { font in
            let before = (button.titleLabel.font, button.titleLabel.textStyle)
            LabelAdapter.apply(font?.font, to: button.titleLabel)
            if before != (button.titleLabel.font, button.titleLabel.textStyle) { button.invalidateSize() }
        }
        changes.ifChanged("title_color") { assignIfDifferent(button, \.titleColor, $0?.color ?? .white) }
        changes.ifChanged("style") { assignIfDifferent(button, \.style, Button.Style(rawValue: $0?.string ?? "") ?? .filled) }
        changes.ifChanged("enabled") { assignIfDifferent(button, \.isEnabled, $0?.bool ?? true) }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let button = view as? Button else { return nil }
        switch property {
        case "title": return .text(.literal(button.title))
        case "enabled": return .bool(button.isEnabled)
        default: return nil
        }
    }
}
