/// Walks a parsed expression and computes its value, reading names from a scope.
///
/// Recursion follows the tree, whose depth the parser bounds; loops run over lists and chains whose
/// length the text length bounds; every failure is thrown as an `ExpressionError` with the span
/// of the part that failed, never a trap.
struct Evaluator<Scope: ExpressionScope> {
    let scope: Scope
    /// Shared by the copies this struct makes of itself as it recurses: one per evaluation.
    let budget = EvaluationBudget()

    func value(of node: SyntaxNode) throws(ExpressionError) -> ExpressionValue {
        switch node.kind {
        case .literal(let value):
            return value
        case .name(let name):
            guard let value = scope.value(of: name, member: nil) else {
                throw ExpressionError("no value for '\(name)'", at: node.span)
            }
            return value
        case .list(let items):
            guard items.count <= ExpressionLimits.listItems else { throw ValueBounds.tooManyItems(items.count, at: node.span) }
            var values: [ExpressionValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try value(of: item)) }
            try budget.chargeList(values.count, at: node.span)
            return .list(values)
        case .member(let base, let name, let nameSpan):
            return try member(name, of: base, nameSpan: nameSpan, node: node)
        case .index(let base, let index):
            return try element(of: try value(of: base), at: try value(of: index), indexSpan: index.span, baseSpan: base.span)
        case .call(let function, let nameSpan, let arguments):
            return try call(function, nameSpan: nameSpan, arguments: arguments, span: node.span)
        case .negate(let operand):
            let number = try number(try value(of: operand), for: "'-'", at: operand.span)
            return .number(-number)
        case .not(let operand):
            return .bool(!(try value(of: operand)).isTruthy)
        case .chain(let first, let links):
            return try chain(first, links)
        case .compare(let left, let comparison, _, let right):
            return .bool(try compare(try value(of: left), comparison, try value(of: right), span: node.span))
        case .conditional(let condition, let then, let otherwise):
            return try value(of: try value(of: condition).isTruthy ? then : otherwise)
        }
    }

    func number(_ value: ExpressionValue, for user: String, at span: ExpressionSpan) throws(ExpressionError) -> Double {
        guard case .number(let number) = value else {
            throw ExpressionError("\(user) needs a number, found \(value.typeName)", at: span)
        }
        return number
    }

    // MARK: Access

    /// `base.name`. On a root name the scope is asked for the member first (a widget's property,
    /// a state variable), then for the whole record.
    private func member(_ name: String, of base: SyntaxNode, nameSpan: ExpressionSpan, node: SyntaxNode) throws(ExpressionError) -> ExpressionValue {
        let path = node.memberChain?.joined(separator: ".")
        if case .name(let root) = base.kind {
            if let value = scope.value(of: root, member: name) { return value }
            guard let whole = scope.value(of: root, member: nil) else {
                throw ExpressionError("no value for '\(path ?? name)'", at: node.span)
            }
            return try member(name, in: whole, path: path, nameSpan: nameSpan, node: node)
        }
        return try member(name, in: try value(of: base), path: path, nameSpan: nameSpan, node: node)
    }

    private func member(_ name: String, in base: ExpressionValue, path: String?, nameSpan: ExpressionSpan, node: SyntaxNode) throws(ExpressionError) -> ExpressionValue {
        guard case .record(let fields) = base else {
            throw ExpressionError("'.\(name)' needs a record, found \(base.typeName)", at: nameSpan)
        }
        guard let value = fields[name] else {
            throw ExpressionError(path.map { "no value for '\($0)'" } ?? "the record has no member '\(name)'", at: node.span)
        }
        return value
    }

    /// `base[index]`: an item of a list, a character of a text, a member of a record.
    private func element(of base: ExpressionValue, at index: ExpressionValue, indexSpan: ExpressionSpan, baseSpan: ExpressionSpan) throws(ExpressionError) -> ExpressionValue {
        switch (base, index) {
        case (.list(let items), .number(let number)):
            return items[try position(number, count: items.count, of: "the list has \(items.count) items", at: indexSpan)]
        case (.text(let text), .number(let number)):
            let offset = try position(number, count: text.count, of: "the text has \(text.count) characters", at: indexSpan)
            return .text(String(text[text.index(text.startIndex, offsetBy: offset)]))
        case (.record(let fields), .text(let key)):
            guard let value = fields[key] else { throw ExpressionError("the record has no member '\(key)'", at: indexSpan) }
            return value
        case (.list, _), (.text, _):
            throw ExpressionError("an index must be a number, found \(index.typeName)", at: indexSpan)
        case (.record, _):
            throw ExpressionError("a record is indexed by a text, found \(index.typeName)", at: indexSpan)
        default:
            throw ExpressionError("'[…]' needs a list, a text or a record, found \(base.typeName)", at: baseSpan)
        }
    }

    private func position(_ number: Double, count: Int, of what: String, at span: ExpressionSpan) throws(ExpressionError) -> Int {
        guard number.rounded(.towardZero) == number else {
            throw ExpressionError("index \(PlainNumber.brief(number)) is not a whole number", at: span)
        }
        guard number >= 0, number < Double(count) else {
            throw ExpressionError("index \(PlainNumber.brief(number)) is out of range: \(what)", at: span)
        }
        return Int(number)
    }
}
