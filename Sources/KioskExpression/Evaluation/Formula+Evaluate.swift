extension Formula {
    /// The value of the formula in `scope`: a text for a template. Never traps and always ends:
    /// every failure (division by zero, a missing name, a wrong type) is an `ExpressionError`
    /// with the span of the part that failed.
    public func evaluate(in scope: some ExpressionScope) -> Result<ExpressionValue, ExpressionError> {
        guard fixedNames.isEmpty else { return value(reading: FixedNamesScope(fixed: fixedNames, outer: scope)) }
        return value(reading: scope)
    }

    private func value(reading scope: some ExpressionScope) -> Result<ExpressionValue, ExpressionError> {
        let evaluator = Evaluator(scope: scope)
        do throws(ExpressionError) {
            switch content {
            case .expression(let node):
                return .success(try evaluator.value(of: node))
            case .template(let parts):
                var text = ""
                for part in parts {
                    switch part {
                    case .literal(let literal): text += literal
                    case .expression(let node): text += try evaluator.value(of: node).displayText
                    }
                    if text.utf8.count > ExpressionLimits.textBytes { break }
                }
                return .success(try ValueBounds.text(text, at: ExpressionSpan(offset: 0, length: max(self.text.count, 1))))
            }
        } catch {
            return .failure(error)
        }
    }
}
