import Testing
@testable import KioskExpression

@Suite struct CheckerTests {
    static let catalogue = ExpressionCatalogue(
        objects: [
            "hours": ["value": .number, "enabled": .bool],
            "plate": ["text": .text, "valid": .bool],
            "state": ["count": .number, "label": .text],
            "weather": [:],
        ],
        openMembers: ["weather"],
        names: ["now": .number, "panel": .text, "locale": .text, "appearance": .text])

    func check(_ text: String, expecting: ExpressionType? = nil) throws -> (type: ExpressionType, problems: [ExpressionError]) {
        try #require(Formula.parse(text)).get().check(against: Self.catalogue, expecting: expecting)
    }

    /// Each row: formula, its inferred type (no problems).
    static let clean: [(String, ExpressionType)] = [
        ("= hours.value / 8", .number),
        ("= plate.valid and hours.enabled", .bool),
        ("= 'Total: ' + hours.value", .text),
        ("= weather.temp.max", .any),
        ("= weather.temp > 20", .bool),
        ("= currency(hours.value * 1.5, 'EUR')", .text),
        ("= hours.value > 4 ? 'long' : 'short'", .text),
        ("= hours.value > 4 ? 1 : 'short'", .any),
        ("= default(weather.temp, 0)", .any),
        ("= default(state.count, 0)", .number),
        ("= min([1, 2])", .number),
        ("= len(plate.text) == 7", .bool),
        ("= plate.text[0]", .text),
        ("= time(now, 'short')", .text),
        ("= state.label == null", .bool),
        ("Total ${hours.value}", .text),
    ]

    @Test(arguments: clean)
    func cleanFormulasHaveTheirType(_ source: String, _ type: ExpressionType) throws {
        let result = try check(source)
        #expect(result.problems.isEmpty, "\(source): \(result.problems)")
        #expect(result.type == type, "\(source)")
    }

    /// Each row: formula, message, the fragment of the span, suggestion.
    static let problems: [(String, String, String, String?)] = [
        ("= hour.value", "unknown name 'hour'", "hour", "hours"),
        ("= hours.valeu", "'hours' has no member 'valeu'", "valeu", "value"),
        ("= nwo + 1", "unknown name 'nwo'", "nwo", "now"),
        ("= rund(hours.value)", "unknown function 'rund'", "rund", "round"),
        ("= curency(1, 'EUR')", "unknown function 'curency'", "curency", "currency"),
        ("= xyz", "unknown name 'xyz'", "xyz", nil),
        ("= round(1, 2, 3)", "'round' takes 1 or 2 arguments, found 3", "round(1, 2, 3)", nil),
        ("= clamp(1)", "'clamp' takes 3 arguments, found 1", "clamp(1)", nil),
        ("= hours.value == plate.text", "'==' cannot compare a number with a text", "==", nil),
        ("= hours.value < 'a'", "'<' cannot compare a number with a text", "<", nil),
        ("= plate.text - 1", "'-' needs a number, found a text", "plate.text", nil),
        ("= hours.value * plate.valid", "'*' needs a number, found a bool", "plate.valid", nil),
        ("= -plate.text", "'-' needs a number, found a text", "plate.text", nil),
        ("= hours.value + plate.valid", "'+' needs two numbers, two lists or a text, found a number and a bool", "plate.valid", nil),
        ("= upper(hours.value)", "'upper' needs a text, found a number", "hours.value", nil),
        ("= len(hours.value)", "'len' needs a text, a list or a record, found a number", "hours.value", nil),
        ("= date(now, 'full')", "the style of 'date' must be 'short', 'medium' or 'long', found 'full'", "'full'", nil),
        ("= time(now, 'shrot')", "the style of 'time' must be 'short' or 'medium', found 'shrot'", "'shrot'", "short"),
        ("= matches(plate.text, '^[A-Z{1,3')", "'^[A-Z{1,3' is not a valid regular expression", "'^[A-Z{1,3'", nil),
        ("= currency(1, 'euro')", "'currency' needs a three-letter currency code such as 'EUR', found 'euro'", "'euro'", nil),
        ("= hours.value / 0", "division by zero", "0", nil),
        ("= plate.text.size", "'.size' needs a record, found a text", "size", nil),
        ("= hours.value[0]", "'[…]' needs a list, a text or a record, found a number", "hours.value", nil),
        ("= plate.text['a']", "a text is indexed by a number, found a text", "'a'", nil),
    ]

    @Test(arguments: problems)
    func problemsSayWhatAndWhere(_ source: String, _ message: String, _ fragment: String, _ suggestion: String?) throws {
        let problems = try check(source).problems
        #expect(problems.count == 1, "\(source): \(problems)")
        #expect(problems.first?.message == message, "\(source)")
        #expect(problems.first?.span == span(of: fragment, in: source), "\(source)")
        #expect(problems.first?.suggestion == suggestion, "\(source)")
    }

    @Test func everyProblemIsReportedNotOnlyTheFirst() throws {
        let problems = try check("= hour.value + rund(plate.txt) + nwo").problems
        #expect(problems.map(\.message) == ["unknown name 'hour'", "'plate' has no member 'txt'", "unknown function 'rund'", "unknown name 'nwo'"])
    }

    @Test func theResultMustBeTheExpectedType() throws {
        let source = "= 'h: ' + hours.value"
        let problems = try check(source, expecting: .number).problems
        #expect(problems.map(\.message) == ["expected a number, found a text"])
        #expect(problems.first?.span == span(of: "'h: ' + hours.value", in: source))
        #expect(try check("= plate.valid", expecting: .bool).problems.isEmpty)
        #expect(try check("= weather.temp", expecting: .number).problems.isEmpty)
        #expect(try check("= hours.value", expecting: .text).problems.isEmpty)  // a text property shows any value
        #expect(try check("= hours.value > 2", expecting: .number).problems.map(\.message) == ["expected a number, found a bool"])
    }

    @Test func aTemplateIsAlwaysText() throws {
        let result = try check("${hours.value}", expecting: .number)
        #expect(result.type == .text)
        #expect(result.problems.map(\.message) == ["expected a number, found a text"])
        #expect(result.problems.first?.span == ExpressionSpan(offset: 0, length: 14))
    }

    @Test func problemsInsideTemplatesPointIntoTheText() throws {
        let source = "Hello ${plate.txt}!"
        let problems = try check(source).problems
        #expect(problems.first?.span == span(of: "txt", in: source))
        #expect(problems.first?.suggestion == "text")
    }

    @Test func actionsMayReadValue() throws {
        var catalogue = Self.catalogue
        catalogue.names["$value"] = .any
        let formula = try #require(Formula.parse("= $value * 2")).get()
        #expect(formula.check(against: catalogue, expecting: .number).problems.isEmpty)
        #expect(formula.check(against: Self.catalogue, expecting: .number).problems.map(\.message) == ["'$value' can be read only inside actions, where it is the value of the event"])
    }
}
