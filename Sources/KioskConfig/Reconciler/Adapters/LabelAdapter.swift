import KioskGraphics
import KioskUI

/// `label`: a `Label`.
public struct LabelAdapter: ComponentAdapter {
    public let type = "label"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        Label()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let label = view as? Label else { return }
        changes.ifChanged("text") { assignIfDifferent(label, \.text, $0?.string ?? "") }
        changes.ifChanged("font") { Self.apply($0?.font, to: label) }
        changes.ifChanged("color") { assignIfDifferent(label, \.textColor, $0?.color ?? .label) }
        changes.ifChanged("alignment") { assignIfDifferent(label, \.textAlignment, Self.alignment($0?.string)) }
        changes.ifChanged("lines") { assignIfDifferent(label, \.numberOfLines, $0?.integer ?? 0) }
        changes.ifChanged("wrap") { assignIfDifferent(label, \.wrap, TextWrap(rawValue: $0?.string ?? "") ?? .word) }
        changes.ifChanged("ellipsize") {
            assignIfDifferent(label, \.ellipsize, TextEllipsize(rawValue: $0?.string ?? "") ?? .end)
        }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let label = view as? Label else { return nil }
        switch property {
        case "text": return .text(.literal(label.text))
        case "color": return .color(label.textColor)
        default: return nil
        }
    }

    /// A text style follows the environment's text scale; a fixed font does not. Without a font,
    /// the label takes `defaultStyle`.
    static func apply(_ font: FontValue?, to label: Label, defaultStyle: TextStyle = .body) {
        label.setFont(font ?? .style(defaultStyle))
    }

    static func alignment(_ word: String?) -> TextAlignment {
        switch word {
        case "leading": .left
        case "center": .center
        case "trailing": .right
        default: .natural
        }
    }
}
