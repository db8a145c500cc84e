/// The functions a formula may call: how many arguments each takes, of which types, and what it
/// gives. The checker and the evaluator both read this table, so they cannot disagree.
struct FunctionSignature: Sendable {
    var name: String
    /// The types of the arguments; the last repeats when `variadic`. `.any` accepts every type.
    var parameters: [ExpressionType]
    var required: Int
    var variadic = false
    /// The result type given the argument types (`default(x, 0)` has the type they share).
    var result: @Sendable ([ExpressionType]) -> ExpressionType

    /// "'round' takes 1 or 2 arguments, found 3".
    func arityProblem(found count: Int) -> String? {
        if count >= required, variadic || count <= parameters.count { return nil }
        let takes: String
        if variadic {
            takes = "at least \(required) argument\(required == 1 ? "" : "s")"
        } else if required == parameters.count {
            takes = "\(required) argument\(required == 1 ? "" : "s")"
        } else if parameters.count == required + 1 {
            takes = "\(required) or \(parameters.count) arguments"
        } else {
            takes = "\(required) to \(parameters.count) arguments"
        }
        return "'\(name)' takes \(takes), found \(count)"
    }

    /// The expected type of argument `index` (0-based).
    func parameter(_ index: Int) -> ExpressionType {
        index < parameters.count ? parameters[index] : parameters.last ?? .any
    }

    static func fixed(_ name: String, _ parameters: [ExpressionType], required: Int? = nil, _ result: ExpressionType) -> FunctionSignature {
        FunctionSignature(name: name, parameters: parameters, required: required ?? parameters.count, result: { _ in result })
    }

    static let all: [String: FunctionSignature] = {
        let signatures: [FunctionSignature] = [
            .fixed("round", [.number, .number], required: 1, .number),
            .fixed("floor", [.number], .number),
            .fixed("ceil", [.number], .number),
            .fixed("abs", [.number], .number),
            // `min(a, b, …)` or `min(list)`: the first argument may be a list when it is the only one.
            FunctionSignature(name: "min", parameters: [.any], required: 1, variadic: true, result: { _ in .number }),
            FunctionSignature(name: "max", parameters: [.any], required: 1, variadic: true, result: { _ in .number }),
            .fixed("clamp", [.number, .number, .number], .number),
            .fixed("len", [.any], .number),
            .fixed("upper", [.text], .text),
            .fixed("lower", [.text], .text),
            .fixed("trim", [.text], .text),
            .fixed("matches", [.text, .text], .bool),
            FunctionSignature(name: "default", parameters: [.any, .any], required: 2, result: { types in
                types[0] == types[1] || types[0] == .null ? types[1] : .any
            }),
            .fixed("join", [.list, .text], .text),
            FunctionSignature(name: "if_empty", parameters: [.any, .any], required: 2, result: { types in
                types[0] == types[1] ? types[0] : .any
            }),
            .fixed("number", [.number, .number], required: 1, .text),
            .fixed("percent", [.number, .number], required: 1, .text),
            .fixed("currency", [.number, .text], .text),
            .fixed("date", [.number, .text], required: 1, .text),
            .fixed("time", [.number, .text], required: 1, .text),
            .fixed("duration", [.number], .text),
            .fixed("hour", [.number], .number),
            .fixed("minute", [.number], .number),
            .fixed("weekday", [.number], .number),
        ]
        return Dictionary(uniqueKeysWithValues: signatures.map { ($0.name, $0) })
    }()

    /// The styles `date` and `time` accept, and the one each uses when none is given.
    static let dateStyles = ["short", "medium", "long"]
    static let timeStyles = ["short", "medium"]
    static let defaultDateStyle = "medium"
    static let defaultTimeStyle = "short"

    /// "'short', 'medium' or 'long'", for messages.
    static func describe(_ choices: [String]) -> String {
        let quoted = choices.map { "'\($0)'" }
        return quoted.count < 2 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}
