import KioskExpression

/// What a source exposes: its value, `stale`, `updated` (seconds since 1970, nil before the
/// first value) and `error` (nil when the last attempt succeeded).
public struct SourceValue: Equatable, Sendable {
    public var value: ExpressionValue
    public var stale: Bool
    public var updated: Double?
    public var error: String?

    public init(value: ExpressionValue, stale: Bool, updated: Double?, error: String?) {
        self.value = value
        self.stale = stale
        self.updated = updated
        self.error = error
    }
}
