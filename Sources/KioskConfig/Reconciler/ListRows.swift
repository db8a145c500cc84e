import FoundationEssentials
import Glibc
import KioskExpression
import KioskUI

/// The rows of one `list`: its items, each row's key, and the widget nodes of the rows built.
/// A row's spec is the template with every formula evaluated for the row (`$item`, `$index`, and
/// whatever the panel's formulas read), and its actions with `$item` and `$index` fixed; the
/// reconciler makes and updates rows from it.
final class ListRows: ListViewDataSource {
    let spec: ListRowsSpec
    private weak var reconciler: Reconciler?
    private let report: (String) -> Void
    private var nodes: [ObjectIdentifier: WidgetNode] = [:]
    /// Problems already logged since the items last changed (one failing formula in a thousand
    /// rows is one message).
    private var reported: Set<String> = []

    var items: [ExpressionValue] = [] {
        didSet {
            reported = []
            keys = makeKeys()
        }
    }
    private var keys: [AnyHashable] = []

    /// The most items a list shows. Every item's key, and every built row, is worked out again
    /// each time the items change, on the thread that paints: 100,000 items took half a second
    /// (a debug build), and a source may hand over a feed that long.
    static let maximumItems = ExpressionLimits.listItems
    /// Whether the items last given were more than the list shows: said when it starts, not at
    /// every update of a long feed.
    private var isCut = false

    /// Shows `shown`, the first of `count` items given (at most `maximumItems`).
    func setItems(_ shown: [ExpressionValue], outOf count: Int) {
        let cut = count > shown.count
        if cut, !isCut { report("\(count) items, more than a list shows: the first \(shown.count) are shown") }
        isCut = cut
        items = shown
    }

    /// Something the rows read besides their items changed (`state.selected`, a source): the keys
    /// and rows are evaluated again. Rows whose values came out the same are left as they are.
    func refresh() {
        reported = []
        keys = makeKeys()
    }

    init(spec: ListRowsSpec, reconciler: Reconciler, report: @escaping (String) -> Void) {
        self.spec = spec
        self.reconciler = reconciler
        self.report = report
    }

    /// Row nodes built now (tests count them).
    var builtNodes: [WidgetNode] { Array(nodes.values) }

    // MARK: ListViewDataSource

    var numberOfRows: Int { items.count }

    func key(ofRow index: Int) -> AnyHashable { keys[index] }

    func makeView(forRow index: Int) -> View {
        guard let reconciler else { return View() }
        let node = reconciler.make(rowSpec(at: index))
        nodes[ObjectIdentifier(node.view)] = node
        return node.view
    }

    func update(_ view: View, forRow index: Int) {
        guard let reconciler, let node = nodes[ObjectIdentifier(view)] else { return }
        // Every row has the template's type and no id, so the node keeps its identity.
        reconciler.reconcile(node, with: rowSpec(at: index))
    }

    func dismantle(_ view: View) {
        guard let node = nodes.removeValue(forKey: ObjectIdentifier(view)) else { return }
        reconciler?.dismantle(node)
    }

    func dismantleAll() {
        for node in nodes.values { reconciler?.dismantle(node) }
        nodes = [:]
    }

    // MARK: Evaluating rows

    private func scope(at index: Int) -> RowScope {
        RowScope(item: items[index], index: index, outer: reconciler?.formulaScope?())
    }

    /// Keys from `key:` (as text, so `1` and `"1"` are one key), else positions. A key met again
    /// is told apart by its occurrence, so two rows never share a view.
    private func makeKeys() -> [AnyHashable] {
        guard let formula = spec.key else { return items.indices.map(AnyHashable.init) }
        var seen: [String: Int] = [:]
        return items.indices.map { index in
            var key: String
            switch formula.formula.evaluate(in: scope(at: index)) {
            case .success(let value):
                key = value.displayText(limit: ExpressionLimits.textBytes) ?? positionalKey(index,
                    because: "\(formula.location): key of a list row: its text would be more than \(ExpressionLimits.textBytes) bytes long")
            case .failure(let error):
                key = positionalKey(index, because: "\(formula.location(of: error.span)): key of a list row: \(error.message)")
            }
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            if occurrence > 0 { key += "#\(occurrence)" }
            return AnyHashable(key)
        }
    }

    func rowSpec(at index: Int) -> WidgetSpec {
        evaluated(spec.template, in: scope(at: index))
    }

    /// The widget with its formulas replaced by their values for this row; a formula that fails
    /// leaves the property its default, as a binding does.
    private func evaluated(_ template: WidgetSpec, in scope: RowScope) -> WidgetSpec {
        var widget = template
        for (name, binding) in template.bindings {
            switch binding.formula.formula.evaluate(in: scope) {
            case .success(let value):
                if let fitted = binding.type.propertyValue(from: value) {
                    widget.properties[name] = fitted.value
                } else {
                    log("\(binding.formula.location): \(name) of a list row: \(binding.type.mismatch(with: value)); "
                        + "the property shows its default")
                }
            case .failure(let error):
                log("\(binding.formula.location(of: error.span)): \(name) of a list row: \(error.message); "
                    + "the property shows its default")
            }
        }
        widget.bindings = [:]
        if !template.actions.isEmpty {
            let row = scope.fixedNames
            widget.actions = template.actions.mapValues { actions in
                actions.map { $0.mappingFormulas { $0.fixing(row) } }
            }
        }
        widget.children = template.children.map { evaluated($0, in: scope) }
        return widget
    }

    /// The key of a row whose key cannot be had: its position; the log says why.
    private func positionalKey(_ index: Int, because problem: String) -> String {
        log("\(problem); the row is known by its position")
        return "#\(index)"
    }

    private func log(_ problem: String) {
        if reported.insert(problem).inserted { report(problem) }
    }
}

/// A row's formulas read `$item` and `$index`, then what the panel's formulas read.
struct RowScope: ExpressionScope {
    var item: ExpressionValue
    var index: Int
    var outer: (any ExpressionScope)?

    /// What the row's actions fix: they run later, outside this scope.
    var fixedNames: [String: ExpressionValue] {
        [ExpressionNames.item: item, ExpressionNames.index: .number(Double(index))]
    }

    var locale: String { outer?.locale ?? "en" }
    var timeZone: TimeZone { outer?.timeZone ?? .current }

    func value(of name: String, member: String?) -> ExpressionValue? {
        switch name {
        case ExpressionNames.item:
            guard let member else { return item }
            if case .record(let fields) = item { return fields[member] }
            return nil
        case ExpressionNames.index:
            return member == nil ? .number(Double(index)) : nil
        default:
            return outer?.value(of: name, member: member)
        }
    }
}
