/// Statically known types, for `kiosk check`. `.any` when unknown (a source field, `$value`).
public enum ExpressionType: Hashable, Sendable {
    case number, text, bool, list, record, null, any

    /// How messages name the type: "a number", "a text", "null", "any value".
    public var name: String {
        switch self {
        case .number: "a number"
        case .text: "a text"
        case .bool: "a bool"
        case .list: "a list"
        case .record: "a record"
        case .null: "null"
        case .any: "any value"
        }
    }

    /// Whether both types are known (neither is `.any`), so that a mismatch between them is certain.
    func isKnown(with other: ExpressionType) -> Bool { self != .any && other != .any }
}
