import Foundation
import KioskExpression

/// A scope like a panel's: widget properties answered per member, records answered whole.
struct TestScope: ExpressionScope {
    /// "hours.value" answers a member question, "weather" a whole-name question.
    var values: [String: ExpressionValue]
    var locale = "en"
    var timeZone = TimeZone(identifier: "UTC")!

    func value(of name: String, member: String?) -> ExpressionValue? {
        values[member.map { "\(name).\($0)" } ?? name]
    }

    static let panel = TestScope(values: [
        "hours.value": .number(3),
        "plate.text": .text("B-KK 123"),
        "plate.valid": .bool(true),
        "state": .record(["count": .number(2), "name": .text("Ada")]),
        "weather": .record(["temp": .record(["max": .number(21.5), "min": .number(-3)]), "sky": .text("clear")]),
        "items": .list([.number(4), .number(1), .number(9)]),
        "empty": .list([]),
        "now": .number(1_700_000_000),  // Tuesday 14 November 2023, 22:13:20 UTC
        "$value": .number(7),
        "nothing": .null,
    ])
}

/// The value of `text` (a formula) in `scope`, or its parse or evaluation error.
func evaluate(_ text: String, in scope: TestScope = .panel) -> Result<ExpressionValue, ExpressionError> {
    guard let parsed = Formula.parse(text) else {
        return .failure(ExpressionError("not a formula", at: ExpressionSpan(offset: 0, length: 0)))
    }
    switch parsed {
    case .success(let formula): return formula.evaluate(in: scope)
    case .failure(let error): return .failure(error)
    }
}

/// The error `text` gives, parsing or evaluating, or nil when it succeeds.
func failure(_ text: String, in scope: TestScope = .panel) -> ExpressionError? {
    if case .failure(let error) = evaluate(text, in: scope) { return error }
    return nil
}

/// The span of the first occurrence of `fragment` in `text` from character `start` on, in characters.
func span(of fragment: String, in text: String, after start: Int = 0) -> ExpressionSpan {
    let from = text.index(text.startIndex, offsetBy: start)
    guard let found = text.range(of: fragment, range: from..<text.endIndex) else {
        return ExpressionSpan(offset: -1, length: 0)
    }
    return ExpressionSpan(offset: text.distance(from: text.startIndex, to: found.lowerBound), length: fragment.count)
}

extension Result where Success == ExpressionValue, Failure == ExpressionError {
    var value: ExpressionValue? {
        if case .success(let value) = self { return value }
        return nil
    }
}
