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
        Self.applyFonts(changes, to: card)
    }

    /// `font` and `subtitle_font`: the card's texts in a style or a font of their own (headline and
    /// subheadline when not written). The card measures again only when a font changed.
    static func applyFonts(_ changes: PropertyChanges, to card: CardView) {
        func apply(_ font: FontValue?, to label: Label, defaultStyle: TextStyle) {
            let before = (label.font, label.textStyle)
            LabelAdapter.apply(font, to: label, defaultStyle: defaultStyle)
            if before != (label.font, label.textStyle) { card.invalidateSize() }
        }
        changes.ifChanged("font") { apply($0?.font, to: card.titleLabel, defaultStyle: .headline) }
        changes.ifChanged("subtitle_font") { apply($0?.font, to: card.subtitleLabel, defaultStyle: .subheadline) }
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
