import KioskConfig
import KioskExpression

/// What a source exposes: its value, `stale`, `updated` (seconds since 1970, nil before the
/// first value) and `error` (nil when the last attempt succeeded).
nonisolated public struct SourceValue: Equatable, Sendable {
    public var value: ExpressionValue
    /// True before the first value and after a failure: the value shown is not current.
    public var stale: Bool
    public var updated: Double?
    public var error: String?

    public init(value: ExpressionValue = .null, stale: Bool = true, updated: Double? = nil, error: String? = nil) {
        self.value = value
        self.stale = stale
        self.updated = updated
        self.error = error
    }

    /// A source that has not produced anything yet.
    public static let initial = SourceValue()

    /// `weather.value`, `weather.stale`, `weather.updated`, `weather.error`, and the members of a
    /// record value directly (`weather.temp`), unless they are one of those four names.
    public func member(_ name: String) -> ExpressionValue? {
        switch name {
        case "value": value
        case "stale": .bool(stale)
        case "updated": updated.map(ExpressionValue.number) ?? .null
        case "error": error.map(ExpressionValue.text) ?? .null
        default:
            if case .record(let fields) = value { fields[name] } else { nil }
        }
    }
}

/// Why a value could not be given to a source (`kiosk ctl data`, the control socket's `data`, a
/// script's `data:` step).
nonisolated public enum SourcePushError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownSource(String, suggestion: String?)
    /// Only `push:` sources take values from other programs; the others fetch their own.
    case notPushSource(String, kind: String)
    case tooLarge(String, limit: Int)

    public var description: String {
        switch self {
        case .unknownSource(let name, let suggestion):
            "no source '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .notPushSource(let name, let kind):
            "source '\(name)' is a '\(kind)' source, which fetches its own values; only 'push' sources take values from outside"
        case .tooLarge(let name, let limit):
            "the value for source '\(name)' is larger than its limit of \(ByteCount.text(limit)) (max_bytes)"
        }
    }
}

/// Byte counts as a person reads them in a message.
nonisolated enum ByteCount {
    static func text(_ bytes: Int) -> String {
        if bytes >= 1024 * 1024, bytes % (1024 * 1024) == 0 { return "\(bytes / 1024 / 1024) MB" }
        if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KB" }
        return "\(bytes) bytes"
    }
}
