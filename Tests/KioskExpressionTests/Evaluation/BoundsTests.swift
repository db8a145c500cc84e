import Testing
@testable import KioskExpression

@Suite struct BoundsTests {
    @Test func tenThousandParenthesesAreAnErrorNotACrash() throws {
        let text = "= " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        // Past the length limit first; the depth limit is tested below the length limit.
        #expect(failure(text)?.message == "the formula is too long (20003 characters, at most 4096)")
        let deep = "= " + String(repeating: "(", count: 2000) + "1" + String(repeating: ")", count: 2000)
        let error = failure(deep)
        #expect(error?.message == "the formula is nested too deeply (more than 64 levels)")
        #expect(error?.span == ExpressionSpan(offset: 2 + 63, length: 1))
    }

    @Test func sixtyFourLevelsAreAllowed() {
        let text = "= " + String(repeating: "(", count: 63) + "1" + String(repeating: ")", count: 63)
        #expect(evaluate(text).value == .number(1))
    }

    @Test func deepPrefixOperatorsAndChainsAreBounded() {
        #expect(failure("= " + String(repeating: "-", count: 1000) + "1")?.message == "the formula is nested too deeply (more than 64 levels)")
        #expect(failure("= " + String(repeating: "not ", count: 500) + "1")?.message == "the formula is nested too deeply (more than 64 levels)")
        #expect(failure("= a" + String(repeating: ".b", count: 100))?.message == "the formula is nested too deeply (more than 64 levels)")
        #expect(failure("= " + String(repeating: "[", count: 1000))?.message == "the formula is nested too deeply (more than 64 levels)")
        #expect(failure("${" + String(repeating: "round(", count: 500) + "}")?.message == "the formula is nested too deeply (more than 64 levels)")
    }

    /// A long sum is one chain, not a tower of nested additions.
    @Test func aLongSumIsNotTooDeep() {
        let text = "= 1" + String(repeating: " + 1", count: 1000)
        #expect(evaluate(text).value == .number(1001))
    }

    @Test func aFiveThousandCharacterFormulaIsRefused() throws {
        let text = "= " + String(repeating: "1+", count: 2499)
        #expect(text.count == 5000)
        let result = try #require(Formula.parse(text))
        guard case .failure(let error) = result else {
            Issue.record("accepted")
            return
        }
        #expect(error.message == "the formula is too long (5000 characters, at most 4096)")
        #expect(error.span == ExpressionSpan(offset: 0, length: 1))
        #expect(Formula.parse("${x}" + String(repeating: "a", count: 4093)) != nil)
        #expect(failure("${x}" + String(repeating: "a", count: 4093))?.message == "the formula is too long (4097 characters, at most 4096)")
    }

    @Test func textsAndListsAreBounded() {
        let big = String(repeating: "x", count: 40_000)
        let scope = TestScope(values: ["big": .text(big), "many": .list(Array(repeating: .number(1), count: 6000))])
        #expect(failure("= big + big", in: scope)?.message == "the text would be 80000 bytes long, more than 65536")
        #expect(failure("${big}${big}", in: scope)?.message.hasPrefix("the text would be") == true)
        #expect(failure("= many + many", in: scope)?.message == "the list would have 12000 items, more than 10000")
        #expect(failure("= join(many + [1], big)", in: scope)?.message.hasPrefix("the text would be") == true)
        #expect(failure("= matches(big, 'x')", in: TestScope(values: ["big": .text(String(repeating: "x", count: 65_537))]))?
            .message == "'matches' searches at most 65536 bytes, found 65537")
    }

    /// A source's list written many times over in one formula: its display text would be hundreds
    /// of megabytes. It is refused once it passes the limit, not built first.
    @Test func aListWrittenManyTimesOverIsRefusedBeforeItsTextIsBuilt() {
        let rows = ExpressionValue.list((0..<10_000).map { .text("row \($0)") })
        let scope = TestScope(values: ["rows": rows, "weather": .record(["rows": rows])])
        let many = "[" + Array(repeating: "rows", count: 600).joined(separator: ",") + "]"
        let tooLong = "the text would be more than 65536 bytes long"
        #expect(failure("${" + many + "}", in: scope)?.message == tooLong)
        #expect(failure("= 'a' + " + many, in: scope)?.message == tooLong)
        #expect(failure("= " + many + " + 'a'", in: scope)?.message == tooLong)
        #expect(failure("= join(" + many + ", '')", in: scope)?.message == tooLong)
        #expect(failure("= join([weather, weather], '')", in: scope)?.message == tooLong)
        // Below the limit the same text as before.
        #expect(evaluate("= 'a' + [1, [2, 'x']] + weather.rows[2]", in: scope).value == .text("a1, 2, xrow 2"))
        #expect(ExpressionValue.list([.number(1), .list([.number(2), .text("x")]), .record(["k": .null])]).displayText(limit: 100)
            == "1, 2, x, {\"k\":null}")
        #expect(rows.displayText(limit: 65_536) == nil)
        #expect(ExpressionValue.record(["rows": rows]).displayText(limit: 65_536) == nil)
        #expect(ExpressionValue.text("abc").displayText(limit: 3) == "abc")
        #expect(ExpressionValue.text("abcd").displayText(limit: 3) == nil)
    }

    /// Each list and text is bounded, and so is what one formula builds of them together: copies of
    /// a source's list kept side by side, or many long texts.
    @Test func whatOneFormulaBuildsInAllIsBounded() {
        let rows = ExpressionValue.list((0..<10_000).map { .number(Double($0)) })
        let scope = TestScope(values: ["rows": rows, "big": .text(String(repeating: "x", count: 60_000))])
        func copies(_ count: Int, of piece: String) -> String { "[" + Array(repeating: piece, count: count).joined(separator: ", ") + "]" }
        #expect(evaluate("= len(" + copies(9, of: "rows + []") + ")", in: scope).value == .number(9))
        #expect(failure("= len(" + copies(11, of: "rows + []") + ")", in: scope)?.message
            == "the formula would build more than 100000 list items in all")
        #expect(evaluate("= len(" + copies(10, of: "upper(big)") + ")", in: scope).value == .number(10))
        #expect(failure("= len(" + copies(18, of: "upper(big)") + ")", in: scope)?.message
            == "the formula would build more than 1048576 bytes of text in all")
        #expect(failure("= len(" + copies(18, of: "big + 'y'") + ")", in: scope)?.message
            == "the formula would build more than 1048576 bytes of text in all")
        // Values read from the scope cost nothing: they exist already.
        #expect(evaluate("= len(" + copies(500, of: "rows") + ")", in: scope).value == .number(500))
    }

    /// A value may hold a source's list many times over by reference, cheaply; what converts it
    /// item by item afterwards (a list property, state, JSON) would not be. The value a formula
    /// gives holds at most a million items in all, each list counted each time it appears.
    @Test func theItemsAValueHoldsInAllAreBounded() {
        let rows = ExpressionValue.list((0..<10_000).map { .number(Double($0)) })
        let scope = TestScope(values: ["rows": rows, "weather": .record(["rows": rows, "sky": .text("clear")])])
        func copies(_ count: Int, of piece: String) -> String { "[" + Array(repeating: piece, count: count).joined(separator: ", ") + "]" }
        #expect(evaluate("= " + copies(99, of: "rows"), in: scope).value.map { if case .list(let items) = $0 { items.count } else { 0 } } == 99)
        let tooMany = "the value would hold more than 1000000 items in all (the lists and records within it counted each time they appear)"
        #expect(failure("= " + copies(101, of: "rows"), in: scope)?.message == tooMany)
        #expect(failure("= " + copies(50, of: copies(3, of: "weather")), in: scope)?.message == tooMany)
        // Inside a template the value becomes text, bounded as text.
        #expect(failure("${" + copies(101, of: "rows") + "}", in: scope)?.message == "the text would be more than 65536 bytes long")
        // A source's value passed on whole is what it was.
        #expect(evaluate("= weather", in: scope).value == .record(["rows": rows, "sky": .text("clear")]))
    }

    @Test func evaluationNeverTrapsOnExtremeNumbers() {
        for text in ["= items[1e300]", "= items[-1e300]", "= round(1.5, 1e300)", "= number(1, 1e300)", "= percent(1e308)",
                     "= currency(1e308, 'EUR')", "= duration(-1e12)", "= 1e308 + 1e308", "= 5 % 1e-320", "= date(1e11)",
                     "= clamp(1e308, -1e308, 1e308)", "= 'abc'[1e20]", "= weekday(-1e11)"] {
            _ = evaluate(text)  // reaching here without a trap is the test; each value or error is checked elsewhere
        }
        #expect(failure("= items[1e300]")?.message == "index 1e300 is out of range: the list has 3 items")
        #expect(failure("= 'abc'[1e20]")?.message == "index 1e20 is out of range: the text has 3 characters")
        #expect(failure("= round(1.5, 1e300)")?.message == "the digits of 'round' must be a whole number from -15 to 15, found 1e300")
    }
}
