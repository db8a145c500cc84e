import KioskGraphics
import KioskUI

/// `tappable_card`: a `TappableCard`; `on_tap` only when the touch ends inside.
public struct TappableCardAdapter: ComponentAdapter {
    public let type = "tappable_card"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        let card = TappableCard()
        let events = context.events
        _ = card.addAction(for: .touchUpInside) { _ in events.send("tap") }
        if widget.actions["long_press"] != nil { addLongPress(to: card, events: events) }
        return card
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let control = view as? TappableCard else { return }
        changes.ifChanged("title") { assignIfDifferent(control, \.title, $0?.string ?? "") }
        changes.ifChanged("subtitle") { assignIfDifferent(control, \.subtitle, $0?.string ?? "") }
        changes.ifChanged("title_color") { assignIfDifferent(control.card, \.titleColor, $0?.color) }
        changes.ifChanged("subtitle_color") { assignIfDifferent(control.card, \.subtitleColor, $0?.color) }
        CardAdapter.applyFonts(changes, to: control.card)
        // The look belongs to the inner card; the control itself stays transparent and scales as a whole.
        changes.ifChanged("background") {
            assignIfDifferent(control.card, \.backgroundColor, $0?.color ?? .systemBlue)
            assignIfDifferent(control, \.backgroundColor, nil)
        }
        changes.ifChanged("corner_radius") {
            assignIfDifferent(control.card, \.cornerRadius, $0?.number ?? 12)
            assignIfDifferent(control, \.cornerRadius, 0)
        }
        changes.ifChanged("shadow") {
            assignIfDifferent(control.card, \.shadow, CommonViewProperties.shadow($0))
            assignIfDifferent(control, \.shadow, nil)
        }
        changes.ifChanged("enabled") { assignIfDifferent(control, \.isEnabled, $0?.bool ?? true) }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let control = view as? TappableCard else { return nil }
        switch property {
        case "title": return .text(.literal(control.title))
        case "subtitle": return .text(.literal(control.subtitle))
        default: return nil
        }
    }
}
