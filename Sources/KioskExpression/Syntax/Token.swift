/// One lexical unit of a formula, with where it lies.
struct Token: Sendable {
    enum Kind: Hashable, Sendable {
        case number(Double)
        case text(String)
        case name(String)
        case keyword(Keyword)
        case symbol(Symbol)
        /// The `}` closing a template's `${`.
        case closeBrace
        case end
    }

    enum Keyword: String, Sendable {
        case and, or, not, `true`, `false`, null
    }

    enum Symbol: String, Sendable {
        case plus = "+", minus = "-", star = "*", slash = "/", percent = "%"
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case question = "?", colon = ":", dot = ".", comma = ","
        case openParen = "(", closeParen = ")", openBracket = "[", closeBracket = "]"
    }

    var kind: Kind
    var span: ExpressionSpan

    /// How a message quotes the token: `')'`, `'round'`, "the end of the formula".
    var quoted: String {
        switch kind {
        case .number(let value): "'\(PlainNumber.brief(value))'"
        case .text: "a text"
        case .name(let name): "'\(name)'"
        case .keyword(let keyword): "'\(keyword.rawValue)'"
        case .symbol(let symbol): "'\(symbol.rawValue)'"
        case .closeBrace: "'}'"
        case .end: "the end of the formula"
        }
    }
}
