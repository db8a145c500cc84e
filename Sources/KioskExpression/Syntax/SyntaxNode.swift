/// One node of a parsed expression, with the span of the text it was parsed from.
///
/// Chains of the same operator (`a + b - c`, `a and b and c`) are one node with a list of links,
/// evaluated left to right in a loop: a long sum is then one level deep, not one level per term,
/// and neither the checker nor the evaluator recurses once per term.
struct SyntaxNode: Sendable {
    indirect enum Kind: Sendable {
        case literal(ExpressionValue)
        case name(String)
        case list([SyntaxNode])
        case member(SyntaxNode, name: String, nameSpan: ExpressionSpan)
        case index(SyntaxNode, SyntaxNode)
        case call(function: String, nameSpan: ExpressionSpan, arguments: [SyntaxNode])
        case negate(SyntaxNode)
        case not(SyntaxNode)
        case chain(SyntaxNode, [Link])
        case compare(SyntaxNode, Comparison, operatorSpan: ExpressionSpan, SyntaxNode)
        case conditional(SyntaxNode, then: SyntaxNode, else: SyntaxNode)
    }

    /// `op operand` after the first operand of a chain.
    struct Link: Sendable {
        var operation: ChainOperator
        var operatorSpan: ExpressionSpan
        var operand: SyntaxNode
    }

    enum ChainOperator: String, Sendable {
        case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
        case and, or
    }

    enum Comparison: String, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    var kind: Kind
    var span: ExpressionSpan
    /// Levels of nodes below and including this one, bounded by `ExpressionLimits.depth`.
    var depth: Int

    init(_ kind: Kind, span: ExpressionSpan) {
        self.kind = kind
        self.span = span
        self.depth = 1 + kind.children.map(\.depth).max(default: 0)
    }
}

extension SyntaxNode.Kind {
    var children: [SyntaxNode] {
        switch self {
        case .literal, .name: []
        case .list(let items): items
        case .member(let base, _, _): [base]
        case .index(let base, let index): [base, index]
        case .call(_, _, let arguments): arguments
        case .negate(let operand), .not(let operand): [operand]
        case .chain(let first, let links): [first] + links.map(\.operand)
        case .compare(let left, _, _, let right): [left, right]
        case .conditional(let condition, let then, let otherwise): [condition, then, otherwise]
        }
    }
}

extension Sequence<Int> {
    func max(default value: Int) -> Int { self.max() ?? value }
}
