import KioskUI

/// `overlay`: children on top of each other.
public struct OverlayAdapter: ComponentAdapter {
    public let type = "overlay"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        OverlayView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let overlay = view as? OverlayView else { return }
        changes.ifChanged("alignment") { assignIfDifferent(overlay, \.alignment, Self.alignment($0?.string)) }
    }

    static func alignment(_ word: String?) -> Alignment {
        switch word {
        case "top": .top
        case "bottom": .bottom
        case "leading": .leading
        case "trailing": .trailing
        case "top_leading": .topLeading
        case "top_trailing": .topTrailing
        case "bottom_leading": .bottomLeading
        case "bottom_trailing": .bottomTrailing
        default: .center
        }
    }
}
