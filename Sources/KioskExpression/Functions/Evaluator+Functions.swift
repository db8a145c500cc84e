import FoundationEssentials
import Glibc

/// Calls of the built-in functions.
extension Evaluator {
    func call(_ function: String, nameSpan: ExpressionSpan, arguments: [SyntaxNode], span: ExpressionSpan) throws(ExpressionError) -> ExpressionValue {
        guard let signature = FunctionSignature.all[function] else {
            throw ExpressionError("unknown function '\(function)'", at: nameSpan,
                                  suggestion: NameSuggestion.closest(to: function, among: FunctionSignature.all.keys))
        }
        if let problem = signature.arityProblem(found: arguments.count) { throw ExpressionError(problem, at: span) }

        // These two evaluate their fallback only when it is needed, and `default` recovers from a failure.
        switch function {
        case "default":
            if let value = try? value(of: arguments[0]), value != .null { return value }
            return try value(of: arguments[1])
        case "if_empty":
            let value = try value(of: arguments[0])
            return value.isEmpty ? try self.value(of: arguments[1]) : value
        default:
            break
        }
        var values: [ExpressionValue] = []
        for argument in arguments { values.append(try value(of: argument)) }
        let call = FunctionCall(name: function, values: values, spans: arguments.map(\.span), span: span)
        let result = try FunctionLibrary.evaluate(call, locale: scope.locale, timeZone: scope.timeZone)
        // Every function that gives a text made it (join, upper, the formats…).
        if case .text(let text) = result { try budget.chargeText(text.utf8.count, at: span) }
        return result
    }
}

extension ExpressionValue {
    /// What `if_empty` replaces: null, "" and [].
    var isEmpty: Bool {
        switch self {
        case .null: true
        case .text(let text): text.isEmpty
        case .list(let items): items.isEmpty
        default: false
        }
    }
}

/// One call with its evaluated arguments, and typed access to them for the functions.
struct FunctionCall {
    var name: String
    var values: [ExpressionValue]
    var spans: [ExpressionSpan]
    var span: ExpressionSpan

    var count: Int { values.count }

    func error(_ message: String, argument index: Int) -> ExpressionError {
        ExpressionError(message, at: spans[index])
    }

    private func wrongType(_ index: Int, expected: ExpressionType) -> ExpressionError {
        error("'\(name)' needs \(expected.name), found \(values[index].typeName)", argument: index)
    }

    func number(_ index: Int) throws(ExpressionError) -> Double {
        guard case .number(let number) = values[index] else { throw wrongType(index, expected: .number) }
        return number
    }

    func text(_ index: Int) throws(ExpressionError) -> String {
        guard case .text(let text) = values[index] else { throw wrongType(index, expected: .text) }
        return text
    }

    func list(_ index: Int) throws(ExpressionError) -> [ExpressionValue] {
        guard case .list(let items) = values[index] else { throw wrongType(index, expected: .list) }
        return items
    }

    /// A whole number in `range`, for digits and counts.
    func integer(_ index: Int, in range: ClosedRange<Int>, what: String) throws(ExpressionError) -> Int {
        let number = try number(index)
        guard number.rounded(.towardZero) == number, number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw error("\(what) of '\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), found \(PlainNumber.brief(number))",
                        argument: index)
        }
        return Int(number)
    }

    /// The optional text argument `index`, which must be one of `choices` (`absent` when not given).
    func choice(_ index: Int, among choices: [String], absent: String, what: String) throws(ExpressionError) -> String {
        guard index < count else { return absent }
        let value = try text(index)
        guard choices.contains(value) else {
            throw error("the \(what) of '\(name)' must be \(FunctionSignature.describe(choices)), found '\(value)'", argument: index)
        }
        return value
    }
}
