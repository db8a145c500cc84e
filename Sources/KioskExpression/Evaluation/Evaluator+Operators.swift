/// Arithmetic, logic and comparison.
extension Evaluator {
    /// A chain of one precedence level, left to right; `and`/`or` stop at the first operand that
    /// decides the result.
    func chain(_ first: SyntaxNode, _ links: [SyntaxNode.Link]) throws(ExpressionError) -> ExpressionValue {
        var result = try value(of: first)
        for link in links {
            switch link.operation {
            case .and:
                guard result.isTruthy else { return .bool(false) }
                result = .bool(try value(of: link.operand).isTruthy)
            case .or:
                if result.isTruthy { return .bool(true) }
                result = .bool(try value(of: link.operand).isTruthy)
            default:
                let right = try value(of: link.operand)
                let span = first.span.through(link.operand.span)
                result = try arithmetic(result, link.operation, right, operandSpans: (first.span, link.operand.span), span: span)
            }
        }
        return result
    }

    private func arithmetic(_ left: ExpressionValue, _ operation: SyntaxNode.ChainOperator, _ right: ExpressionValue,
                            operandSpans: (left: ExpressionSpan, right: ExpressionSpan), span: ExpressionSpan) throws(ExpressionError) -> ExpressionValue {
        let symbol = "'\(operation.rawValue)'"
        if operation == .add {
            switch (left, right) {
            case (.number(let a), .number(let b)):
                return try ValueBounds.finite(a + b, from: symbol, at: span)
            case (.text, _), (_, .text):
                return try ValueBounds.text(left.displayText + right.displayText, at: span)
            case (.list(let a), .list(let b)):
                guard a.count + b.count <= ExpressionLimits.listItems else { throw ValueBounds.tooManyItems(a.count + b.count, at: span) }
                return .list(a + b)
            default:
                let culprit = left.type == .number || left.type == .list ? (right, operandSpans.right) : (left, operandSpans.left)
                throw ExpressionError("'+' needs two numbers, two lists or a text, found \(left.typeName) and \(right.typeName)",
                                      at: culprit.1)
            }
        }
        let a = try number(left, for: symbol, at: operandSpans.left)
        let b = try number(right, for: symbol, at: operandSpans.right)
        switch operation {
        case .subtract: return try ValueBounds.finite(a - b, from: symbol, at: span)
        case .multiply: return try ValueBounds.finite(a * b, from: symbol, at: span)
        case .divide:
            guard b != 0 else { throw ExpressionError("division by zero", at: operandSpans.right) }
            return try ValueBounds.finite(a / b, from: symbol, at: span)
        case .remainder:
            guard b != 0 else { throw ExpressionError("remainder of a division by zero", at: operandSpans.right) }
            return try ValueBounds.finite(Self.flooredRemainder(a, b), from: symbol, at: span)
        case .add, .and, .or: preconditionFailure("handled above")
        }
    }

    /// The remainder with the sign of the divisor, so `(i - 1) % n` cycles through 0..<n.
    static func flooredRemainder(_ a: Double, _ b: Double) -> Double {
        let remainder = a.truncatingRemainder(dividingBy: b)
        return remainder != 0 && (remainder < 0) != (b < 0) ? remainder + b : remainder
    }

    /// `==` and `!=` compare any two values (different kinds are unequal); the order comparisons
    /// need two numbers or two texts.
    func compare(_ left: ExpressionValue, _ comparison: SyntaxNode.Comparison, _ right: ExpressionValue, span: ExpressionSpan) throws(ExpressionError) -> Bool {
        switch comparison {
        case .equal: return left == right
        case .notEqual: return left != right
        default: break
        }
        let order: Bool
        switch (left, right) {
        case (.number(let a), .number(let b)): order = Self.holds(comparison, a, b)
        case (.text(let a), .text(let b)): order = Self.holds(comparison, a, b)
        default:
            throw ExpressionError("'\(comparison.rawValue)' cannot compare \(left.typeName) with \(right.typeName)", at: span)
        }
        return order
    }

    private static func holds<T: Comparable>(_ comparison: SyntaxNode.Comparison, _ a: T, _ b: T) -> Bool {
        switch comparison {
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        case .equal: a == b
        case .notEqual: a != b
        }
    }
}
