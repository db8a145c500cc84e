import KioskExpression
import KioskGraphics
import KioskUI

/// `list`: a `ListView` whose rows are made from the spec's row template, one per item, by the
/// reconciler that made the list (so a row is a widget like any other, and an update applies only
/// the properties whose evaluated values changed).
public struct ListAdapter: ComponentAdapter {
    public let type = "list"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        let list = ConfigListView()
        if let rows = widget.rows, let reconciler = context.reconciler {
            list.rows = ListRows(spec: rows, reconciler: reconciler, report: context.report)
        }
        return list
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let list = view as? ConfigListView else { return }
        changes.ifChanged("row_height") { list.rowHeight = $0?.number ?? 56 }
        changes.ifChanged("spacing") { list.spacing = $0?.number ?? 0 }
        changes.ifChanged("empty_font") { assignIfDifferent(list, \.emptyFont, $0?.font ?? .style(.body)) }
        changes.ifChanged("empty_text") { text in
            assignIfDifferent(list.emptyLabel, \.text, text?.string ?? "")
            list.setNeedsLayout()
        }
        changes.ifChanged("items") { items in
            let all = items?.list ?? []
            list.rows?.setItems(all.prefix(ListRows.maximumItems).map { $0.expressionValue() }, outOf: all.count)
            list.reloadRows()
        }
    }

    public func dismantle(_ view: View) {
        (view as? ConfigListView)?.rows?.dismantleAll()
    }

    /// Evaluates a list's rows again: something they read besides their items changed
    /// (`ListRowsSpec.outerReferences`).
    public static func refreshRows(of view: View) {
        guard let list = view as? ConfigListView, let rows = list.rows else { return }
        rows.refresh()
        list.reloadRows()
    }
}

/// A `ListView` that owns the rows controller its data source is (a list view holds its data
/// source weakly).
final class ConfigListView: ListView {
    var rows: ListRows? {
        didSet { dataSource = rows }
    }

    override init() {
        super.init()
        // It draws nothing of its own, so a scroll may move its pixels (ScrollCopy).
        drawsOnlyItsBackground = true
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let count = Double(rows?.numberOfRows ?? 0)
        return proposal.replacingUnspecified(with: Size(width: 0, height: max(0, count * (rowHeight + spacing) - spacing)))
    }
}
