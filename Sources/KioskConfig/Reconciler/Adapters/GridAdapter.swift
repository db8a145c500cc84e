import KioskUI

/// `grid`: a `GridView` of equal columns.
public struct GridAdapter: ComponentAdapter {
    public let type = "grid"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        GridView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let grid = view as? GridView else { return }
        changes.ifChanged("columns") { assignIfDifferent(grid, \.columns, $0?.integer ?? 2) }
        changes.ifChanged("spacing") { assignIfDifferent(grid, \.spacing, $0?.number ?? 8) }
    }
}
