import Testing
import KioskConfig
import KioskExpression
@testable import KioskRuntime

@Suite struct PayloadDecoderTests {
    func decode(_ text: String, _ format: SourceSpec.Format) -> Result<ExpressionValue, PayloadError> {
        PayloadDecoder.decode(Array(text.utf8), as: format)
    }

    @Test func jsonBecomesValues() throws {
        let value = try decode(#"{"temp": 21.5, "sky": "clear", "alerts": [], "ok": true, "wind": null}"#, .json).get()
        #expect(value == .record(["temp": .number(21.5), "sky": .text("clear"), "alerts": .list([]), "ok": .bool(true),
                                  "wind": .null]))
    }

    @Test func malformedJSONIsAFailureForJSONAndTextForAuto() throws {
        #expect(throws: PayloadError.self) { try decode("{temp: 21", .json).get() }
        #expect(try decode("  load high \n", .auto).get() == .text("load high"))
        #expect(try decode("45000\n", .auto).get() == .number(45000))
        #expect(try decode("45000\n", .text).get() == .text("45000"))
    }

    @Test func jsonNestedTooDeeplyIsRefused() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: PayloadError.self) { try decode(deep, .json).get() }
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect((try? decode(fine, .json).get()) != nil)
    }

    @Test func yamlReadsPlainScalarsAsYAMLDoes() throws {
        let value = try decode("temp: 21\nsky: clear\nquoted: '42'\nlist: [1, yes]\nnothing: ~\n", .yaml).get()
        #expect(value == .record(["temp": .number(21), "sky": .text("clear"), "quoted": .text("42"),
                                  "list": .list([.number(1), .bool(true)]), "nothing": .null]))
        #expect(throws: PayloadError.self) { try decode("a: [1, 2", .yaml).get() }
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        #expect(throws: PayloadError.self) { try decode(deep, .yaml).get() }
    }

    @Test func sizeIsCountedOnlyUpToTheLimit() {
        #expect(!PayloadDecoder.exceeds(.record(["temp": .number(21)]), limit: 100))
        #expect(PayloadDecoder.exceeds(.text(String(repeating: "x", count: 200)), limit: 100))
        #expect(PayloadDecoder.exceeds(.list(Array(repeating: .number(1), count: 100)), limit: 100))
    }
}
