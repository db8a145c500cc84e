/// A name a formula reads, with the static member chain after it: `weather.temp.max` is
/// `["weather", "temp", "max"]`, spanning the whole chain.
public struct NameReference: Hashable, Sendable {
    public var path: [String]
    public var span: ExpressionSpan

    public init(path: [String], span: ExpressionSpan) {
        self.path = path
        self.span = span
    }
}

/// How often `now` must tick for a formula to stay right, finest first.
public enum ClockGranularity: Int, Comparable, Sendable {
    case second, minute, hour, day

    public static func < (left: ClockGranularity, right: ClockGranularity) -> Bool { left.rawValue < right.rawValue }
}
