/// Walks a parsed expression without evaluating it: finds unknown names, members and functions,
/// wrong argument counts and the type mismatches that are certain (both types known), and infers
/// the result type. It collects every problem rather than stopping at the first.
struct TypeChecker {
    let catalogue: ExpressionCatalogue
    private(set) var problems: [ExpressionError] = []

    init(catalogue: ExpressionCatalogue) {
        self.catalogue = catalogue
    }

    private mutating func report(_ message: String, at span: ExpressionSpan, suggestion: String? = nil) {
        problems.append(ExpressionError(message, at: span, suggestion: suggestion))
    }

    mutating func type(of node: SyntaxNode) -> ExpressionType {
        switch node.kind {
        case .literal(let value):
            return value.type
        case .name(let name):
            return type(ofName: name, at: node.span)
        case .list(let items):
            for item in items { _ = type(of: item) }
            return .list
        case .member(let base, let name, let nameSpan):
            return type(ofMember: name, of: base, nameSpan: nameSpan)
        case .index(let base, let index):
            return type(ofIndex: index, in: base)
        case .call(let function, let nameSpan, let arguments):
            return type(ofCall: function, nameSpan: nameSpan, arguments: arguments, span: node.span)
        case .negate(let operand):
            requireNumber(type(of: operand), for: "'-'", at: operand.span)
            return .number
        case .not(let operand):
            _ = type(of: operand)
            return .bool
        case .chain(let first, let links):
            return type(ofChain: first, links)
        case .compare(let left, let comparison, let operatorSpan, let right):
            checkComparison(type(of: left), comparison, type(of: right), at: operatorSpan)
            return .bool
        case .conditional(let condition, let then, let otherwise):
            _ = type(of: condition)
            let (thenType, otherwiseType) = (type(of: then), type(of: otherwise))
            return thenType == otherwiseType ? thenType : .any
        }
    }

    // MARK: Names

    private var knownNames: [String] { Array(catalogue.names.keys) + Array(catalogue.objects.keys) }

    private mutating func type(ofName name: String, at span: ExpressionSpan) -> ExpressionType {
        if let type = catalogue.names[name] { return type }
        if catalogue.objects[name] != nil { return .record }
        if name == "$value" {
            report("'$value' can be read only inside actions, where it is the value of the event", at: span)
        } else {
            report("unknown name '\(name)'", at: span, suggestion: NameSuggestion.closest(to: name, among: knownNames))
        }
        return .any
    }

    private mutating func type(ofMember name: String, of base: SyntaxNode, nameSpan: ExpressionSpan) -> ExpressionType {
        if case .name(let root) = base.kind, let members = catalogue.objects[root] {
            if let type = members[name] { return type }
            if catalogue.openMembers.contains(root) { return .any }
            report("'\(root)' has no member '\(name)'", at: nameSpan, suggestion: NameSuggestion.closest(to: name, among: members.keys))
            return .any
        }
        let baseType = type(of: base)
        if baseType != .record, baseType != .any {
            report("'.\(name)' needs a record, found \(baseType.name)", at: nameSpan)
        }
        return .any
    }

    private mutating func type(ofIndex index: SyntaxNode, in base: SyntaxNode) -> ExpressionType {
        let (baseType, indexType) = (type(of: base), type(of: index))
        let needs: ExpressionType
        switch baseType {
        case .list, .text: needs = .number
        case .record: needs = .text
        case .any: return .any
        default:
            report("'[…]' needs a list, a text or a record, found \(baseType.name)", at: base.span)
            return .any
        }
        if indexType != .any, indexType != needs {
            report("\(baseType.name) is indexed by \(needs.name), found \(indexType.name)", at: index.span)
        }
        return baseType == .text ? .text : .any
    }

    // MARK: Calls

    private mutating func type(ofCall function: String, nameSpan: ExpressionSpan, arguments: [SyntaxNode], span: ExpressionSpan) -> ExpressionType {
        let types = arguments.map { type(of: $0) }
        guard let signature = FunctionSignature.all[function] else {
            report("unknown function '\(function)'", at: nameSpan,
                   suggestion: NameSuggestion.closest(to: function, among: FunctionSignature.all.keys))
            return .any
        }
        if let problem = signature.arityProblem(found: arguments.count) {
            report(problem, at: span)
            return signature.result(types + Array(repeating: .any, count: max(0, signature.parameters.count - types.count)))
        }
        for (index, type) in types.enumerated() {
            let expected = signature.parameter(index)
            if expected != .any, type != .any, type != expected {
                report("'\(function)' needs \(expected.name), found \(type.name)", at: arguments[index].span)
            }
        }
        checkSpecialArguments(of: function, arguments, types)
        return signature.result(types + Array(repeating: .any, count: max(0, signature.parameters.count - types.count)))
    }

    /// The rules a signature's types cannot say: `min(list)`, what `len` accepts, the styles of
    /// `date` and `time`, a literal regular expression, the form of a currency code.
    private mutating func checkSpecialArguments(of function: String, _ arguments: [SyntaxNode], _ types: [ExpressionType]) {
        switch function {
        case "min", "max":
            if types.count == 1 {
                if ![.number, .list, .any].contains(types[0]) {
                    report("'\(function)' needs numbers or a list of numbers, found \(types[0].name)", at: arguments[0].span)
                }
            } else {
                for (index, type) in types.enumerated() { requireNumber(type, for: "'\(function)'", at: arguments[index].span) }
            }
        case "len":
            if ![.text, .list, .record, .any].contains(types[0]) {
                report("'len' needs a text, a list or a record, found \(types[0].name)", at: arguments[0].span)
            }
        case "date", "time":
            let styles = function == "date" ? FunctionSignature.dateStyles : FunctionSignature.timeStyles
            if arguments.count > 1, case .literal(.text(let style)) = arguments[1].kind, !styles.contains(style) {
                report("the style of '\(function)' must be \(FunctionSignature.describe(styles)), found '\(style)'",
                       at: arguments[1].span, suggestion: NameSuggestion.closest(to: style, among: styles))
            }
        case "matches":
            // A pattern written in the formula is compiled now, and kept for its first evaluation.
            if arguments.count > 1, case .literal(.text(let pattern)) = arguments[1].kind,
               !RegularExpressions.isValid(pattern) {
                report(RegularExpressions.invalidPatternMessage(pattern), at: arguments[1].span)
            }
        case "currency":
            if case .literal(.text(let code)) = arguments[1].kind, code.count != 3 || !code.allSatisfy({ $0.isASCII && $0.isLetter }) {
                report("'currency' needs a three-letter currency code such as 'EUR', found '\(code)'", at: arguments[1].span)
            }
        default:
            break
        }
    }

    // MARK: Operators

    private mutating func requireNumber(_ type: ExpressionType, for user: String, at span: ExpressionSpan) {
        if type != .number, type != .any {
            report("\(user) needs a number, found \(type.name)", at: span)
        }
    }

    private mutating func type(ofChain first: SyntaxNode, _ links: [SyntaxNode.Link]) -> ExpressionType {
        var result = type(of: first)
        for (position, link) in links.enumerated() {
            let operand = type(of: link.operand)
            switch link.operation {
            case .and, .or:
                result = .bool
            case .add:
                result = addition(result, operand, leftSpan: position == 0 ? first.span : nil, rightSpan: link.operand.span)
            case .subtract, .multiply, .divide, .remainder:
                let symbol = "'\(link.operation.rawValue)'"
                if position == 0 { requireNumber(result, for: symbol, at: first.span) }
                requireNumber(operand, for: symbol, at: link.operand.span)
                if link.operation == .divide || link.operation == .remainder, case .literal(.number(0)) = link.operand.kind {
                    report(link.operation == .divide ? "division by zero" : "remainder of a division by zero", at: link.operand.span)
                }
                result = .number
            }
        }
        return result
    }

    /// `+` adds numbers, joins lists, and joins text with anything.
    private mutating func addition(_ left: ExpressionType, _ right: ExpressionType, leftSpan: ExpressionSpan?, rightSpan: ExpressionSpan) -> ExpressionType {
        if left == .text || right == .text { return .text }
        if left == .any || right == .any { return .any }
        if left == right, left == .number || left == .list { return left }
        let blamesLeft = left != .number && left != .list
        report("'+' needs two numbers, two lists or a text, found \(left.name) and \(right.name)",
               at: blamesLeft ? (leftSpan ?? rightSpan) : rightSpan)
        return .any
    }

    private mutating func checkComparison(_ left: ExpressionType, _ comparison: SyntaxNode.Comparison, _ right: ExpressionType, at span: ExpressionSpan) {
        guard left.isKnown(with: right) else { return }
        let symbol = "'\(comparison.rawValue)'"
        switch comparison {
        case .equal, .notEqual:
            if left != right, left != .null, right != .null {
                report("\(symbol) cannot compare \(left.name) with \(right.name)", at: span)
            }
        default:
            if left != right || (left != .number && left != .text) {
                report("\(symbol) cannot compare \(left.name) with \(right.name)", at: span)
            }
        }
    }
}
