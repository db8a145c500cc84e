import KioskExpression

/// A formula written in the config (`= hours.value / 8`, `Total: ${price}`) and where its first
/// character is, so that a problem found inside it is reported at its own line and column.
nonisolated public struct FormulaSpec: Hashable, Sendable {
    public var formula: Formula
    /// The place of the formula's first character (the `=`, or the template's first character):
    /// one column after the quote of a quoted scalar.
    public var location: SourceLocation

    public init(formula: Formula, location: SourceLocation) {
        self.formula = formula
        self.location = location
    }

    /// The formula as written.
    public var text: String { formula.text }

    /// The place of a part of the formula: on the same line, `span.offset` characters further.
    /// Exact for a formula written on one line (the usual case); a scalar folded over several
    /// lines, or one with escapes, is placed as if it were written on its first line.
    public func location(of span: ExpressionSpan) -> SourceLocation {
        var location = self.location
        location.column += max(0, span.offset)
        return location
    }
}
