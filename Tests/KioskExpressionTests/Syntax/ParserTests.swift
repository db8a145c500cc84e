import Testing
@testable import KioskExpression

@Suite struct ParserTests {
    @Test func plainTextIsNotAFormula() {
        #expect(Formula.parse("Total") == nil)
        #expect(Formula.parse("") == nil)
        #expect(Formula.parse("$${x}") == nil)
        #expect(Formula.parse("costs $5 {each}") == nil)
        #expect(Formula.literalText(of: "$${x}") == "${x}")
        #expect(Formula.literalText(of: "Total") == "Total")
    }

    @Test func anExpressionStartsWithAnEqualsSign() throws {
        let formula = try #require(Formula.parse("= hours.value / 8")).get()
        #expect(!formula.isTemplate)
        #expect(formula.text == "= hours.value / 8")
        #expect(formula.evaluate(in: TestScope.panel).value == .number(0.375))
    }

    /// Each row: the formula and its value, which fixes precedence and associativity.
    static let precedence: [(String, ExpressionValue)] = [
        ("= 1 + 2 * 3", .number(7)),
        ("= (1 + 2) * 3", .number(9)),
        ("= 10 - 4 - 3", .number(3)),
        ("= 2 * 3 % 4", .number(2)),
        ("= 12 / 3 / 2", .number(2)),
        ("= -2 * 3", .number(-6)),
        ("= - -2", .number(2)),
        ("= -items[2]", .number(-9)),
        ("= 1 + 2 < 4", .bool(true)),
        ("= not 1 == 2", .bool(true)),
        ("= not true and false", .bool(false)),
        ("= true or false and false", .bool(true)),
        ("= false and true or true", .bool(true)),
        ("= true ? 1 : 2", .number(1)),
        ("= false ? 1 : true ? 2 : 3", .number(2)),
        ("= 1 > 2 or 3 > 2 ? 'yes' : 'no'", .text("yes")),
        ("= 'a' + 1 + 2", .text("a12")),
        ("= 1 + 2 + 'a'", .text("3a")),
        ("= [1, 2][1] + 1", .number(3)),
        ("= weather.temp.max", .number(21.5)),
        ("= weather['sky']", .text("clear")),
        ("= (weather).temp['min']", .number(-3)),
        ("= 2.5e2", .number(250)),
        ("= 'it\\'s'", .text("it's")),
        ("= \"say \\\"hi\\\"\\n\"", .text("say \"hi\"\n")),
        ("= 'a\\\\b'", .text("a\\b")),
        ("= null", .null),
        ("= []", .list([])),
        ("= 7 % 3", .number(1)),
        ("= -1 % 8", .number(7)),
        ("= 1 % -8", .number(-7)),
        ("= round(2 * 1.25, 1) + len('héllo')", .number(7.5)),
        ("= $value * 2", .number(14)),
        ("= state.count", .number(2)),
        ("= weather.null", .bool(false)),
    ]

    @Test(arguments: precedence)
    func precedenceAndAssociativity(_ source: String, _ expected: ExpressionValue) {
        let scope = TestScope(values: TestScope.panel.values.merging(["weather": .record(["null": .bool(false),
            "temp": .record(["max": .number(21.5), "min": .number(-3)]), "sky": .text("clear")])]) { $1 })
        #expect(evaluate(source, in: scope).value == expected, "\(source)")
    }

    /// Each row: the formula, the message, and the text the span covers (its first occurrence).
    static let syntaxErrors: [(String, String, String)] = [
        ("= ", "expected an expression after '='", ""),
        ("= 1 +", "expected a value, found the end of the formula", ""),
        ("= (1 + 2", "expected ')' to close '(', found the end of the formula", ""),
        ("= round(1, 2", "expected ')' after the arguments of 'round', found the end of the formula", ""),
        ("= round(1 2)", "expected ')' after the arguments of 'round', found '2'", "2"),
        ("= [1, 2", "expected ']' to close the list, found the end of the formula", ""),
        ("= items[0", "expected ']' after the index, found the end of the formula", ""),
        ("= 1 2", "expected an operator or the end of the formula, found '2'", "2"),
        ("= a = b", "'=' is not an operator: write '==' to compare", "="),
        ("= a && b", "'&&' is not an operator: write 'and'", "&&"),
        ("= a || b", "'||' is not an operator: write 'or'", "||"),
        ("= !a", "'!' is not an operator: write 'not'", "!"),
        ("= 'abc", "unterminated text: expected a closing ' before the end", "'"),
        ("= 'a\\qb'", "unknown escape '\\q' in a text: write '\\\\' for a backslash", "\\q"),
        ("= a < b > c", "comparisons do not chain: write 'a < b and b < c'", ">"),
        ("= a.", "expected a name after '.', found the end of the formula", ""),
        ("= a.1", "expected a name after '.', found '1'", "1"),
        ("= a.b(1)", "only a function can be called, and 'a.b' is not one", "("),
        ("= items[0](1)", "only a function can be called, and this is not one", "("),
        ("= 1e999", "the number 1e999 is too large", "1e999"),
        ("= 12abc", "unexpected 'a' after the number 12", "a"),
        ("= a ? b", "expected ':' between the two choices of '?', found the end of the formula", ""),
        ("= #", "unexpected character '#'", "#"),
        ("= $", "'$' must begin a name such as '$value'", "$"),
    ]

    @Test(arguments: syntaxErrors)
    func syntaxErrorsSayWhatWasExpectedAndWhere(_ source: String, _ message: String, _ fragment: String) throws {
        let result = try #require(Formula.parse(source))
        guard case .failure(let error) = result else {
            Issue.record("\(source) parsed")
            return
        }
        #expect(error.message == message, "\(source)")
        // An empty fragment: the error is at the end of the text.
        let expected = fragment.isEmpty ? ExpressionSpan(offset: source.count, length: 0) : span(of: fragment, in: source, after: 2)
        #expect(error.span == expected, "\(source)")
    }

    @Test func spansCountCharactersNotBytes() throws {
        let text = "= 'héllo wörld' + )"
        guard case .failure(let error) = try #require(Formula.parse(text)) else {
            Issue.record("parsed")
            return
        }
        #expect(error.span == ExpressionSpan(offset: 18, length: 1))
    }
}
