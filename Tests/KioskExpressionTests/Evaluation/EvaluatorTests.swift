import Testing
@testable import KioskExpression

@Suite struct EvaluatorTests {
    @Test func namesAndMembersAreReadFromTheScope() {
        #expect(evaluate("= hours.value").value == .number(3))
        #expect(evaluate("= plate.valid and len(plate.text) > 3").value == .bool(true))
        #expect(evaluate("= state.name").value == .text("Ada"))
        #expect(evaluate("= weather.temp.min").value == .number(-3))
        #expect(evaluate("= state").value == .record(["count": .number(2), "name": .text("Ada")]))
    }

    /// The scope is asked for `(name, member)` before `(name, nil)`.
    @Test func aMemberQuestionComesBeforeTheWholeRecord() {
        let scope = TestScope(values: ["state.count": .number(5), "state": .record(["count": .number(2)])])
        #expect(evaluate("= state.count", in: scope).value == .number(5))
    }

    @Test func andOrShortCircuit() {
        // The right side would fail: it is not evaluated.
        #expect(evaluate("= false and 1 / 0").value == .bool(false))
        #expect(evaluate("= true or missing").value == .bool(true))
        #expect(evaluate("= hours.value > 1 ? 'many' : 1 / 0").value == .text("many"))
        #expect(evaluate("= 0 or ''").value == .bool(false))
        #expect(evaluate("= [1] and 'x'").value == .bool(true))
    }

    @Test func equalityComparesWholeValues() {
        #expect(evaluate("= [1, 'a'] == [1, 'a']").value == .bool(true))
        #expect(evaluate("= 1 == '1'").value == .bool(false))
        #expect(evaluate("= nothing == null").value == .bool(true))
        #expect(evaluate("= 'abc' < 'abd'").value == .bool(true))
        #expect(evaluate("= 0.1 + 0.2 != 0.3").value == .bool(true))
    }

    @Test func plusJoinsTextAndLists() {
        #expect(evaluate("= 'h: ' + hours.value").value == .text("h: 3"))
        #expect(evaluate("= 'x' + nothing + true").value == .text("xtrue"))
        #expect(evaluate("= [1] + [2, 3]").value == .list([.number(1), .number(2), .number(3)]))
    }

    @Test func indexing() {
        #expect(evaluate("= items[0]").value == .number(4))
        #expect(evaluate("= 'héllo'[1]").value == .text("é"))
        #expect(evaluate("= weather['temp']['max']").value == .number(21.5))
    }

    /// Each row: formula, message, and the fragment its span covers.
    static let runtimeErrors: [(String, String, String)] = [
        ("= hours.value / (hours.value - 3)", "division by zero", "(hours.value - 3)"),
        ("= 5 % 0", "remainder of a division by zero", "0"),
        ("= 'a' - 1", "'-' needs a number, found a text", "'a'"),
        ("= 2 * plate.valid", "'*' needs a number, found a bool", "plate.valid"),
        ("= -plate.text", "'-' needs a number, found a text", "plate.text"),
        ("= 'x' + 1 - 2", "'-' needs a number, found a text", "'x' + 1"),
        ("= true + 1", "'+' needs two numbers, two lists or a text, found a bool and a number", "true"),
        ("= 1 + null", "'+' needs two numbers, two lists or a text, found a number and null", "null"),
        ("= 1 < 'a'", "'<' cannot compare a number with a text", "1 < 'a'"),
        ("= missing + 1", "no value for 'missing'", "missing"),
        ("= weather.wind", "no value for 'weather.wind'", "weather.wind"),
        ("= weather.temp.avg", "no value for 'weather.temp.avg'", "weather.temp.avg"),
        ("= sensor.temp", "no value for 'sensor.temp'", "sensor.temp"),
        ("= plate.text.size", "'.size' needs a record, found a text", "size"),
        ("= items[3]", "index 3 is out of range: the list has 3 items", "3"),
        ("= items[-1]", "index -1 is out of range: the list has 3 items", "-1"),
        ("= items[0.5]", "index 0.5 is not a whole number", "0.5"),
        ("= items['a']", "an index must be a number, found a text", "'a'"),
        ("= 'ab'[2]", "index 2 is out of range: the text has 2 characters", "2"),
        ("= weather[0]", "a record is indexed by a text, found a number", "0"),
        ("= weather['wind']", "the record has no member 'wind'", "'wind'"),
        ("= nothing[0]", "'[…]' needs a list, a text or a record, found null", "nothing"),
        ("= matches(plate.text, '(')", "'(' is not a valid regular expression", "'('"),
        ("= 1e308 * 10", "the result of '*' is not a finite number", "1e308 * 10"),
        ("= -1e308 - 1e308", "the result of '-' is not a finite number", "-1e308 - 1e308"),
        ("= unknown(1)", "unknown function 'unknown'", "unknown"),
        ("= round(1, 2, 3)", "'round' takes 1 or 2 arguments, found 3", "round(1, 2, 3)"),
    ]

    @Test(arguments: runtimeErrors)
    func runtimeErrorsNameTheProblemAndItsPlace(_ source: String, _ message: String, _ fragment: String) {
        let error = failure(source)
        #expect(error?.message == message, "\(source)")
        #expect(error?.span == span(of: fragment, in: source), "\(source)")
    }

    @Test func anUnknownFunctionSuggestsTheNearest() {
        #expect(failure("= rond(2.5)")?.suggestion == "round")
    }
}
