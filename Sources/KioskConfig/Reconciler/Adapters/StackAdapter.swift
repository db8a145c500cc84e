import KioskUI

/// `stack`: a `StackView` along `axis`.
public struct StackAdapter: ComponentAdapter {
    public let type = "stack"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        StackView(axis: .vertical, spacing: 0)
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let stack = view as? StackView else { return }
        changes.ifChanged("axis") { assignIfDifferent(stack, \.axis, $0?.string == "horizontal" ? .horizontal : .vertical) }
        changes.ifChanged("spacing") { assignIfDifferent(stack, \.spacing, $0?.number ?? 0) }
        changes.ifChanged("alignment") { assignIfDifferent(stack, \.alignment, Self.alignment($0?.string)) }
        changes.ifChanged("distribution") {
            assignIfDifferent(stack, \.distribution, StackDistribution(rawValue: $0?.string ?? "fill") ?? .fill)
        }
    }

    /// Across the axis, a stack uses one of the two components of an alignment.
    static func alignment(_ word: String?) -> Alignment {
        switch word {
        case "leading": Alignment(horizontal: .leading, vertical: .top)
        case "trailing": Alignment(horizontal: .trailing, vertical: .bottom)
        case "top": Alignment(horizontal: .leading, vertical: .top)
        case "bottom": Alignment(horizontal: .trailing, vertical: .bottom)
        case "fill": .fill
        default: .center
        }
    }
}
