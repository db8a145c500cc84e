/// A position inside the text of a formula: character (Swift `Character`) offset from its start,
/// and a length in characters (≥ 1 where possible).
public struct ExpressionSpan: Hashable, Sendable {
    public var offset: Int
    public var length: Int

    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }

    /// The span from the start of `self` to the end of `other`.
    func through(_ other: ExpressionSpan) -> ExpressionSpan {
        let end = max(offset + length, other.offset + other.length)
        return ExpressionSpan(offset: offset, length: end - offset)
    }
}

/// A problem with a formula, statically (parse, check) or at run time (evaluate).
public struct ExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming what was expected and what was found: "unknown name 'hour'",
    /// "expected ')' after the arguments of 'round'".
    public var message: String
    /// Where, in offsets of the whole property text (the `=` or the template's first character is 0).
    public var span: ExpressionSpan
    /// The nearest known name, for an unknown one: the caller writes "did you mean 'hours'?".
    public var suggestion: String?

    public init(_ message: String, at span: ExpressionSpan, suggestion: String? = nil) {
        self.message = message
        self.span = span
        self.suggestion = suggestion
    }

    public init(message: String, span: ExpressionSpan, suggestion: String? = nil) {
        self.init(message, at: span, suggestion: suggestion)
    }

    public var description: String {
        var text = "\(span.offset): \(message)"
        if let suggestion { text += " (did you mean '\(suggestion)'?)" }
        return text
    }
}
