import KioskGraphics
import KioskUI

/// `card`: a `CardView`. Its background, corner radius and shadow are the common view properties
/// (the card's schema gives them the card's defaults).
public struct CardAdapter: ComponentAdapter {
    public let type = "card"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        CardView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let card = view as? CardView else { return }
        changes.ifChanged("title") { assignIfDifferent(card, \.title, $0?.string ?? "") }
        changes.ifChanged("subtitle") { assignIfDifferent(card, \.subtitle, $0?.string ?? "") }
        changes.ifChanged("title_color") { assignIfDifferent(card, \.titleColor, $0?.color) }
        changes.ifChanged("subtitle_color") { assignIfDifferent(card, \.subtitleColor, $0?.color) }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let card = view as? CardView else { return nil }
        switch property {
        case "title": return .text(.literal(card.title))
        case "subtitle": return .text(.literal(card.subtitle))
        default: return nil
        }
    }
}
