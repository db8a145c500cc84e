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

    public init(template: WidgetSpec, key: FormulaSpec? = nil) {
        self.templates = [template]
        self.key = key
    }
}
