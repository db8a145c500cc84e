import KioskExpression

/// A formula written in the config (`= hours.value / 8`, `Total: ${price}`) and where its first
/// character is, so that a problem found inside it is reported at its own line and column.
nonisolated public struct FormulaSpec: Hashable, Sendable {
    public var formula: Formula
    /// The place of the formula's first character (the `=`, or the template's first character):
    /// one column after the quote of a quoted scalar. For a formula folded over several lines, or
    /// written with escapes, the place where its value starts.
    public var location: SourceLocation
    /// Whether each character of the formula is one column of `location`'s line, so that a part
    /// of it can be placed exactly (false for folded, escaped and block scalars).
    public var columnsFollowText: Bool

    public init(formula: Formula, location: SourceLocation, columnsFollowText: Bool = true) {
        self.formula = formula
        self.location = location
        self.columnsFollowText = columnsFollowText
    }

    /// The formula as written.
    public var text: String { formula.text }

    /// The place of a part of the formula: on the same line, `span.offset` characters further
    /// (the formula's own place when its columns do not follow its text).
    public func location(of span: ExpressionSpan) -> SourceLocation {
        guard columnsFollowText else { return location }
        var location = self.location
        location.column += max(0, span.offset)
        return location
    }
}
