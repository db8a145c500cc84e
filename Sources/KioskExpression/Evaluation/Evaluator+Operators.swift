/// Arithmetic, logic and comparison.
extension Evaluator {
    /// A chain of one precedence level, left to right; `and`/`or` stop at the first operand that
    /// decides the result.
    func chain(_ first: SyntaxNode, _ links: [SyntaxNode.Link]) throws(ExpressionError) -> ExpressionValue {
        var result = try value(of: first)
        // What `result` was computed from: an operand that fails as a left side is blamed on all of it.
        var resultSpan = first.span
        for link in links {
            switch link.operation {
            case .and:
                guard result.isTruthy else { return .bool(false) }
                result = .bool(try value(of: link.operand).isTruthy)
            case .or:
                if result.isTruthy { return .bool(true) }
                result = .bool(try value(of: link.operand).isTruthy)
            case .add:
                result = try addition(result, try value(of: link.operand), spans: (resultSpan, link.operand.span))
            case .subtract, .multiply, .divide, .remainder:
                result = try arithmetic(result, link.operation, try value(of: link.operand), spans: (resultSpan, link.operand.span))
            }
            resultSpan = resultSpan.through(link.operand.span)
        }
        return result
    }

    /// `+` adds numbers, joins lists, and joins a text with any value's display text.
    private func addition(_ left: ExpressionValue, _ right: ExpressionValue,
                          spans: (left: ExpressionSpan, right: ExpressionSpan)) throws(ExpressionError) -> ExpressionValue {
        let span = spans.left.through(spans.right)
        switch (left, right) {
        case (.number(let a), .number(let b)):
            return try ValueBounds.finite(a + b, from: "'+'", at: span)
        case (.text(let a), .text(let b)):
            let sum = try ValueBounds.text(a + b, at: span)
            try budget.chargeText(a.utf8.count + b.utf8.count, at: span)
            return sum
        case (.text, _), (_, .text):
            // The other side may be a list whose text would be far longer than the limit.
            var writer = BoundedTextWriter(limit: ExpressionLimits.textBytes)
            guard writer.writeDisplay(of: left), writer.writeDisplay(of: right) else { throw ValueBounds.textTooLong(at: span) }
            try budget.chargeText(writer.text.utf8.count, at: span)
            return .text(writer.text)
        case (.list(let a), .list(let b)):
            guard a.count + b.count <= ExpressionLimits.listItems else { throw ValueBounds.tooManyItems(a.count + b.count, at: span) }
            try budget.chargeList(a.count + b.count, at: span)
            return .list(a + b)
        default:
            let blamesRight = left.type == .number || left.type == .list
            throw ExpressionError("'+' needs two numbers, two lists or a text, found \(left.typeName) and \(right.typeName)",
                                  at: blamesRight ? spans.right : spans.left)
        }
    }

    /// `-`, `*`, `/` and `%`, on numbers only.
    private func arithmetic(_ left: ExpressionValue, _ operation: SyntaxNode.ChainOperator, _ right: ExpressionValue,
                            spans: (left: ExpressionSpan, right: ExpressionSpan)) throws(ExpressionError) -> ExpressionValue {
        let symbol = "'\(operation.rawValue)'"
        let span = spans.left.through(spans.right)
        let a = try number(left, for: symbol, at: spans.left)
        let b = try number(right, for: symbol, at: spans.right)
        let result: Double
        switch operation {
        case .multiply: result = a * b
        case .divide:
            guard b != 0 else { throw ExpressionError("division by zero", at: spans.right) }
            result = a / b
        case .remainder:
            guard b != 0 else { throw ExpressionError("remainder of a division by zero", at: spans.right) }
            result = Self.flooredRemainder(a, b)
        default: result = a - b  // `-`: the caller routes `+`, `and` and `or` elsewhere
        }
        return try ValueBounds.finite(result, from: symbol, at: span)
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
