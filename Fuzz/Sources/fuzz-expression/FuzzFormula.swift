import Foundation
import FuzzSupport
import KioskExpression

/// Any bytes as a property text: a formula parses or its error points inside the text; a parsed
/// formula's static check names problems inside the text; and its evaluation, in a scope that holds
/// a value of every kind and the largest ones a data source can hand over, ends with a value within
/// `ExpressionLimits` or an error inside the text. The locale and the time zone are picked by the
/// input's length, so that formatting is fuzzed in scripts and calendars other than English's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormula(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let parsed = Formula.parse(text) else { return 0 }
    let length = text.count
    func requireInside(_ error: ExpressionError, _ stage: String) {
        let span = error.span
        precondition(span.offset >= 0 && span.length >= 0 && span.offset + span.length <= length,
                     "\(stage) error outside the text (\(length) characters): \(error)")
    }
    switch parsed {
    case .failure(let error):
        requireInside(error, "parse")
    case .success(let formula):
        for problem in formula.check(against: FuzzScope.catalogue, expecting: .number).problems { requireInside(problem, "check") }
        let scope = FuzzScope.all[size % FuzzScope.all.count]
        switch formula.evaluate(in: scope) {
        case .failure(let error): requireInside(error, "evaluation")
        case .success(let value): requireBounded(value)
        }
    }
    return 0
}

/// What an evaluation builds stays within the limits, however the scope's values were combined.
private func requireBounded(_ value: ExpressionValue) {
    switch value {
    case .number(let number):
        precondition(number.isFinite, "a number that is not finite: \(number)")
    case .text(let text):
        precondition(text.utf8.count <= ExpressionLimits.textBytes, "a text of \(text.utf8.count) bytes")
    case .list(let items):
        precondition(items.count <= ExpressionLimits.listItems, "a list of \(items.count) items")
    case .null, .bool, .record:
        break
    }
}

/// Names a panel's formulas read: widget properties, state, a data source's record, lists, and
/// values at the edges (the largest finite number, the longest text, the longest list).
struct FuzzScope: ExpressionScope {
    let locale: String
    let timeZone: TimeZone

    static let all = [("en", "UTC"), ("de-DE", "Europe/Berlin"), ("ar", "Asia/Riyadh"), ("ja-JP", "Asia/Tokyo"),
                      ("fa-IR", "Asia/Tehran"), ("th", "Asia/Bangkok")]
        .map { FuzzScope(locale: $0.0, timeZone: TimeZone(identifier: $0.1) ?? TimeZone(secondsFromGMT: 0)!) }

    static let catalogue = ExpressionCatalogue(
        objects: ["hours": ["value": .number], "plate": ["text": .text, "valid": .bool], "state": ["count": .number, "name": .text],
                  "weather": [:]],
        openMembers: ["weather"],
        names: ["now": .number, "items": .list, "many": .list, "texts": .list, "long": .text, "huge": .number, "tiny": .number,
                "empty": .list, "nothing": .any, "$value": .any, "panel": .text, "locale": .text])

    private static let values: [String: ExpressionValue] = [
        "hours.value": .number(3),
        "plate.text": .text("B-KK 123"),
        "plate.valid": .bool(true),
        "state": .record(["count": .number(2), "name": .text("Ada"), "tags": .list([.text("a"), .text("é👋🏽")])]),
        "weather": .record(["temp": .record(["max": .number(21.5), "min": .number(-3)]), "sky": .text("clear"),
                            "hours": .list((0..<24).map { .record(["t": .number(Double($0)), "rain": .bool($0 % 3 == 0)]) })]),
        "items": .list([.number(4), .number(1), .number(9)]),
        "many": .list((0..<ExpressionLimits.listItems).map { .number(Double($0) * 1.5) }),
        "texts": .list((0..<ExpressionLimits.listItems).map { .text("item \($0) \u{200F}مرحبا") }),
        "long": .text(String(repeating: "ab\u{301}🏳️‍🌈", count: ExpressionLimits.textBytes / 20)),
        "huge": .number(.greatestFiniteMagnitude),
        "tiny": .number(.leastNonzeroMagnitude),
        "empty": .list([]),
        "now": .number(1_700_000_000),
        "$value": .number(7),
        "nothing": .null,
        "panel": .text("home"),
        "locale": .text("en"),
    ]

    func value(of name: String, member: String?) -> ExpressionValue? {
        Self.values[member.map { "\(name).\($0)" } ?? name]
    }
}

@main
enum FormulaFuzzer {
    static func main() { runLibFuzzer(fuzzFormula) }
}
