import Testing
@testable import KioskExpression

@Suite struct ReferencesTests {
    func paths(_ text: String) throws -> [[String]] {
        try #require(Formula.parse(text)).get().references.map(\.path)
    }

    @Test func memberChainsFromRootNames() throws {
        #expect(try paths("= hours.value / 8") == [["hours", "value"]])
        #expect(try paths("= now") == [["now"]])
        #expect(try paths("= state.hours") == [["state", "hours"]])
        #expect(try paths("= weather.temp.max") == [["weather", "temp", "max"]])
        #expect(try paths("= round(a.b) + c[d.e].f + 'x'") == [["a", "b"], ["c"], ["d", "e"]])
        #expect(try paths("= items[0].name") == [["items"]])
        #expect(try paths("= 1 + 2") == [])
        #expect(try paths("${a.b} and ${now}") == [["a", "b"], ["now"]])
    }

    @Test func referencesCarryTheirSpans() throws {
        let text = "Total ${hours.value * 2}"
        let reference = try #require(Formula.parse(text)).get().references.first
        #expect(reference?.span == span(of: "hours.value", in: text))
    }
}
