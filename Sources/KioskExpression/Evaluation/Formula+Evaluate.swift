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
                return .success(try ValueBounds.heldItems(try evaluator.value(of: node), at: node.span))
            case .template(let parts):
                var writer = BoundedTextWriter(limit: ExpressionLimits.textBytes)
                for part in parts {
                    let fits = switch part {
                    case .literal(let literal): writer.write(literal)
                    case .expression(let node): writer.writeDisplay(of: try evaluator.value(of: node))
                    }
                    guard fits else { throw ValueBounds.textTooLong(at: ExpressionSpan(offset: 0, length: max(self.text.count, 1))) }
                }
                try evaluator.budget.chargeText(writer.text.utf8.count, at: ExpressionSpan(offset: 0, length: max(self.text.count, 1)))
                return .success(.text(writer.text))
            }
        } catch {
            return .failure(error)
        }
    }
}
