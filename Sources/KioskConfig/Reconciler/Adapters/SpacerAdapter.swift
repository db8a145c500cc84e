import KioskUI

/// `spacer`: takes the free space of its stack.
public struct SpacerAdapter: ComponentAdapter {
    public let type = "spacer"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        SpacerView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let spacer = view as? SpacerView else { return }
        changes.ifChanged("min_length") { assignIfDifferent(spacer, \.minLength, $0?.number ?? 0) }
    }
}
