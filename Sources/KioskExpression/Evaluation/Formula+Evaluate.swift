extension Formula {
    /// The value of the formula in `scope`: a text for a template. Never traps and always ends:
    /// every failure (division by zero, a missing name, a wrong type) is an `ExpressionError`.
    public func evaluate(in scope: some ExpressionScope) -> Result<ExpressionValue, ExpressionError> {
        .failure(ExpressionError("evaluation is not available yet", at: ExpressionSpan(offset: 0, length: max(text.count, 1))))
    }
}
