import Testing
@testable import KioskExpression

@Suite struct TemplateTests {
    @Test func partsAreInterpolatedWithTheirDisplayText() throws {
        let formula = try #require(Formula.parse("${hours.value} and ${plate.text}")).get()
        #expect(formula.isTemplate)
        #expect(formula.evaluate(in: TestScope.panel).value == .text("3 and B-KK 123"))
    }

    @Test func numbersListsAndNullPrintPlainly() {
        #expect(evaluate("${hours.value / 4} h, ${items}, [${nothing}], ${plate.valid}").value == .text("0.75 h, 4, 1, 9, [], true"))
    }

    @Test func aDoubledDollarWritesALiteralInterpolation() throws {
        #expect(evaluate("cost $${x} is ${hours.value}").value == .text("cost ${x} is 3"))
        // Read left to right: `$$${x}` is a `$` and then `$${`, so all of it is literal text.
        #expect(Formula.parse("$$${x}") == nil)
        #expect(Formula.literalText(of: "$$${x}") == "$${x}")
        #expect(evaluate("${'$'}${hours.value}").value == .text("$3"))
        #expect(Formula.literalText(of: "a $${b} c") == "a ${b} c")
    }

    @Test func aClosingBraceInsideATextDoesNotEndThePart() {
        #expect(evaluate("${'}' + plate.text}!").value == .text("}B-KK 123!"))
    }

    @Test func anUnclosedPartIsAnErrorAtItsDollar() throws {
        let text = "Total: ${hours.value"
        guard case .failure(let error) = try #require(Formula.parse(text)) else {
            Issue.record("parsed")
            return
        }
        #expect(error.message == "unclosed '${': expected '}'")
        #expect(error.span == ExpressionSpan(offset: 7, length: 2))
    }

    @Test func anUnclosedSecondPartPointsAtTheSecond() {
        let error = failure("${a} and ${b")
        #expect(error?.message == "unclosed '${': expected '}'")
        #expect(error?.span == ExpressionSpan(offset: 9, length: 2))
    }

    @Test func anEmptyPartIsAnError() {
        let error = failure("x ${} y")
        #expect(error?.message == "expected an expression inside '${}'")
        #expect(error?.span == ExpressionSpan(offset: 4, length: 1))
    }

    @Test func twoExpressionsInOnePartAreAnError() {
        let error = failure("${a b}")
        #expect(error?.message == "expected '}' to close '${', found 'b'")
        #expect(error?.span == ExpressionSpan(offset: 4, length: 1))
    }

    @Test func aFailingPartFailsTheTemplateWithItsSpan() {
        let error = failure("Price: ${hours.value / 0}")
        #expect(error?.message == "division by zero")
        #expect(error?.span == ExpressionSpan(offset: 23, length: 1))
    }
}
