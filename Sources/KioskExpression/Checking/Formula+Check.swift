extension Formula {
    /// The static check: names, functions, arity, types. Returns every problem (not only the
    /// first) and the inferred result type (always `.text` for a template).
    ///
    /// `expecting` is the type of the property the formula is bound to: a `.text` property takes
    /// any value (it shows its `displayText`); any other type must match when the result is known.
    public func check(against catalogue: ExpressionCatalogue, expecting: ExpressionType?) -> (type: ExpressionType, problems: [ExpressionError]) {
        var checker = TypeChecker(catalogue: catalogue)
        let type: ExpressionType
        let span: ExpressionSpan
        switch content {
        case .expression(let node):
            type = checker.type(of: node)
            span = node.span
        case .template(let parts):
            for case .expression(let node) in parts { _ = checker.type(of: node) }
            type = .text
            span = ExpressionSpan(offset: 0, length: max(text.count, 1))
        }
        var problems = checker.problems
        if let expecting, expecting != .any, expecting != .text, type != .any, type != expecting {
            problems.append(ExpressionError("expected \(expecting.name), found \(type.name)", at: span))
        }
        return (type, problems)
    }
}
