import Testing
@testable import KioskExpression

@Suite struct ParserTests {
    @Test func plainTextIsNotAFormula() {
        #expect(Formula.parse("Total") == nil)
        #expect(Formula.parse("$${x}") == nil)
        #expect(Formula.literalText(of: "$${x}") == "${x}")
    }

    @Test func anExpressionAndATemplateParse() throws {
        let expression = try #require(Formula.parse("= hours.value / 8")).get()
        #expect(!expression.isTemplate)
        let template = try #require(Formula.parse("Total: ${hours.value}")).get()
        #expect(template.isTemplate)
    }
}
