import KioskExpression
import KioskGraphics

/// A JSON document as a value: what control-socket requests carry and replies return.
///
/// The control socket has its own small codec rather than Foundation's so that numbers, booleans
/// and key order come out the same on every platform, and so a line is parsed without bridging.
nonisolated public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var doubleValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The name of the JSON type, for error messages ("expected a string, found a number").
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    nonisolated public init(stringLiteral value: String) { self = .string(value) }
    nonisolated public init(integerLiteral value: Int) { self = .number(Double(value)) }
    nonisolated public init(floatLiteral value: Double) { self = .number(value) }
    nonisolated public init(booleanLiteral value: Bool) { self = .bool(value) }
    nonisolated public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    nonisolated public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    nonisolated public init(nilLiteral: ()) { self = .null }
}

// MARK: - Writing

extension JSONValue {
    /// Compact JSON on one line (no raw newlines can appear: they are escaped inside strings).
    /// Object keys are sorted so equal values always serialize to equal bytes.
    nonisolated public var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    nonisolated func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += Self.format(number)
        case .string(let text): output += ExpressionValue.jsonQuoted(text)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                output += ExpressionValue.jsonQuoted(key)
                output += ":"
                members[key]!.write(to: &output)
            }
            output += "}"
        }
    }

    /// Integers print without a fraction; JSON has no NaN or infinity, so those become null.
    nonisolated private static func format(_ number: Double) -> String {
        number.isFinite ? number.compact : "null"
    }
}
