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
