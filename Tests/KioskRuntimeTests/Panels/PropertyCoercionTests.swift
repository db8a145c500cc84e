import KioskConfig
import Testing
@testable import KioskRuntime

/// A `set` converts what it carries to the property's type inside lists and records too, as it
/// does at the top: a chart series' history `keep` written as digits is seconds.
struct PropertyCoercionTests {
    @Test func nestedValuesAreConvertedByTheirOwnType() throws {
        let type = PropertyType.list(.record([
            PropertySchema("name", .string, doc: ""),
            PropertySchema("history", .record([PropertySchema("keep", .duration, doc: "")]), doc: ""),
        ]))
        let value = PropertyValue.list([.record(["name": .string("a"), "history": .record(["keep": .string("12")])])])
        let fitted = try #require(PropertyCoercion.coerce(value, to: type))
        #expect(fitted.value == .list([.record(["name": .string("a"), "history": .record(["keep": .duration(12)])])]))
        #expect(PropertyCoercion.coerce(.list([.record(["history": .record(["keep": .string("soon")])])]), to: type) == nil)
    }
}
