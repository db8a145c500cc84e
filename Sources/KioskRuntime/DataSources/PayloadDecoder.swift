import FoundationEssentials
import Glibc
import KioskConfig
import KioskExpression

/// Turns a payload (a response body, a file, a program's output, a pushed JSON value) into the
/// value expressions read. Bounded like the control socket: JSON nesting stops at
/// `JSONParser.maximumDepth`, YAML at the same depth, and the caller has already limited the size.
nonisolated enum PayloadDecoder {
    static let maximumDepth = JSONParser.maximumDepth

    static func decode(_ bytes: [UInt8], as format: SourceSpec.Format) -> Result<ExpressionValue, PayloadError> {
        switch format {
        case .text:
            return .success(.text(text(bytes)))
        case .json:
            do {
                return .success(value(of: try JSONParser.parse(bytes)))
            } catch {
                return .failure(PayloadError("not valid JSON (\(error.description))"))
            }
        case .auto:
            if let json = try? JSONParser.parse(bytes) { return .success(value(of: json)) }
            return .success(.text(text(bytes)))
        case .yaml:
            let (root, errors) = YAMLParser.parse(bytes, file: "payload")
            if let error = errors.first {
                return .failure(PayloadError("not valid YAML (line \(error.line), column \(error.column): \(error.detail))"))
            }
            guard let root else { return .success(.null) }
            return value(of: root)
        }
    }

    /// The characters of a payload read as text, without the whitespace and line break around them.
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    }

    static func value(of json: JSONValue) -> ExpressionValue {
        switch json {
        case .null: .null
        case .bool(let flag): .bool(flag)
        // The parser refuses numbers out of range, so every number here is finite.
        case .number(let number): .number(number)
        case .string(let text): .text(text)
        case .array(let elements): .list(elements.map(value(of:)))
        case .object(let members): .record(members.mapValues(value(of:)))
        }
    }

    /// A YAML value (a payload, a script's `data:` step): plain scalars read as YAML reads them
    /// (null, booleans, finite numbers); everything else, and anything quoted, is text.
    static func value(of node: YAMLNode) -> Result<ExpressionValue, PayloadError> {
        value(of: node, depth: 0)
    }

    private static func value(of node: YAMLNode, depth: Int) -> Result<ExpressionValue, PayloadError> {
        switch node.content {
        case .scalar(let scalar):
            guard scalar.isPlain else { return .success(.text(scalar.text)) }
            if node.isNull { return .success(.null) }
            if let flag = BoolSpelling.value(scalar.text) { return .success(.bool(flag)) }
            if let number = Double(scalar.text.trimmingWhitespace()), number.isFinite {
                return .success(.number(number))
            }
            return .success(.text(scalar.text))
        case .sequence(let items):
            guard depth < maximumDepth else { return .failure(tooDeep) }
            var values: [ExpressionValue] = []
            for item in items {
                switch value(of: item, depth: depth + 1) {
                case .success(let value): values.append(value)
                case .failure(let error): return .failure(error)
                }
            }
            return .success(.list(values))
        case .mapping(let entries):
            guard depth < maximumDepth else { return .failure(tooDeep) }
            var fields: [String: ExpressionValue] = [:]
            for entry in entries {
                switch value(of: entry.value, depth: depth + 1) {
                case .success(let value): fields[entry.key] = value
                case .failure(let error): return .failure(error)
                }
            }
            return .success(.record(fields))
        }
    }

    private static var tooDeep: PayloadError { PayloadError("not valid YAML (nested deeper than \(maximumDepth) levels)") }

    /// Roughly how many bytes `value` would take as JSON, counted only up to `limit` (so a huge
    /// value costs no more than a small one to refuse).
    static func exceeds(_ value: ExpressionValue, limit: Int) -> Bool {
        var remaining = limit
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .null, .bool: remaining -= 5
            case .number: remaining -= 8
            case .text(let text): remaining -= text.utf8.count + 2
            case .list(let items):
                remaining -= 2 + items.count
                pending.append(contentsOf: items)
            case .record(let fields):
                remaining -= 2
                for (key, field) in fields {
                    remaining -= key.utf8.count + 4
                    pending.append(field)
                }
            }
            if remaining < 0 { return true }
        }
        return false
    }
}

/// Why a payload is not a value: "not valid JSON (…)".
nonisolated struct PayloadError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
