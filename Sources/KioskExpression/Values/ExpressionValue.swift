/// A value an expression produces or reads. Times are numbers: seconds since 1970 (UTC).
public enum ExpressionValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// Always finite: an operation that would give NaN or an infinity is a runtime error instead.
    case number(Double)
    case text(String)
    case list([ExpressionValue])
    case record([String: ExpressionValue])

    /// How messages name the kind of this value: "a number", "a text", "null"…
    public var typeName: String { type.name }

    /// The static type this value has.
    public var type: ExpressionType {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .text: .text
        case .list: .list
        case .record: .record
        }
    }

    /// The truth of a value in `and`, `or`, `not` and `?:`: false, null, 0, "" and [] are false;
    /// everything else (any record included) is true.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .number(let value): value != 0
        case .text(let value): !value.isEmpty
        case .list(let items): !items.isEmpty
        case .record: true
        }
    }
}
