import KioskExpression

/// What a `list` repeats for each of its items: the row's widgets, whose formulas read `$item`
/// and `$index`, and the formula giving each row its identity.
nonisolated public struct ListRowsSpec: Equatable, Sendable {
    /// The widget made for every row (its formulas are evaluated per row, not bound to the panel).
    public var template: WidgetSpec {
        get { templates[0] }
        set { templates[0] = newValue }
    }
    /// `key:`; without one a row is known by its position.
    public var key: FormulaSpec?

    // One element: an array keeps the recursive struct finite.
    private var templates: [WidgetSpec]

    /// What the rows' formulas (and the key) read besides `$item` and `$index`: when one of these
    /// changes, the rows are evaluated again.
    public var outerReferences: [NameReference] {
        var formulas = key.map { [$0.formula] } ?? []
        var pending = [template]
        while let widget = pending.popLast() {
            formulas += widget.bindings.values.map(\.formula.formula)
            pending += widget.children
        }
        let rowNames: Set<String> = [ExpressionNames.item, ExpressionNames.index]
        return formulas.flatMap(\.references).filter { !rowNames.contains($0.path.first ?? "") }
    }

    public init(template: WidgetSpec, key: FormulaSpec? = nil) {
        self.templates = [template]
        self.key = key
    }
}
