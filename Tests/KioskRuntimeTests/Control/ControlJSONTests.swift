import Testing
@testable import KioskRuntime

@Suite struct ControlJSONTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#" {"a":[1,-2.5,3e2,true,false,null],"b":"x\"y\\z\n\u00e9\ud83d\ude00","c":{}} "#)
        #expect(value == ["a": [1, -2.5, 300, true, false, nil], "b": "x\"y\\z\né😀", "c": [:]])
    }

    @Test func writesCompactSortedLinesThatParseBack() throws {
        let value: JSONValue = ["z": 1, "a": ["text\twith\u{01}control", 2.5, nil, false], "m": [:]]
        #expect(value.serialized == #"{"a":["text\twith\u0001control",2.5,null,false],"m":{},"z":1}"#)
        #expect(try JSONParser.parse(value.serialized) == value)
        #expect(JSONValue.number(.nan).serialized == "null")
    }

    @Test(arguments: [
        (#"{"a":1"#, "expected ',' or '}' in an object"),
        (#"{"a" 1}"#, #"expected ':' after key "a""#),
        ("[1,]", "unexpected character ']'"),
        ("01", "unexpected text after the value"),
        ("tru", "expected 'true'"),
        (#""abc"#, "unterminated string"),
        (#""\q""#, #"unknown escape '\q'"#),
        ("\"a\u{01}\"", "control character in a string (escape it)"),
        (#""\ud800""#, "unpaired surrogate"),
        ("", "expected a value, found the end of the line"),
    ])
    func rejectsMalformedTextSayingWhy(text: String, message: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.message == message)
        }
    }

    /// Found by fuzz-control: `2e400` became infinity, which a `set` would hand to a widget and which
    /// serializes as `null`.
    @Test(arguments: ["2e400", "-1e309", #"{"cmd":"set","target":"ring.value","value":1e999}"#])
    func numbersBeyondDoubleAreRefused(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.message == "number out of range")
        }
    }

    @Test func numbersNearTheLimitsStayExact() throws {
        #expect(try JSONParser.parse("1.7976931348623157e308") == .number(.greatestFiniteMagnitude))
        #expect(try JSONParser.parse("1e-400") == .number(0))
    }

    @Test func deepNestingIsRefusedInsteadOfExhaustingTheStack() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect((try? JSONParser.parse(fine)) != nil)
    }
}
