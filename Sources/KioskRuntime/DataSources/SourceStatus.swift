import KioskExpression

/// One source's state as values: what it shows, and what to log when an attempt ends. A failure
/// keeps the last value and marks it stale; the log hears only changes of state (failing,
/// failing for another reason, recovered), not every retry.
struct SourceStatus {
    let name: String
    private(set) var current = SourceValue.initial

    init(name: String) {
        self.name = name
    }

    /// The line to log for this success, if it ends a failure.
    mutating func succeed(with value: ExpressionValue, at time: Double) -> String? {
        let wasFailing = current.error != nil
        current = SourceValue(value: value, stale: false, updated: time, error: nil)
        return wasFailing ? "source '\(name)' recovered" : nil
    }

    /// The line to log for this failure, if the source was not already failing so.
    mutating func fail(_ error: String) -> String? {
        let previous = current.error
        current.stale = true
        current.error = error
        guard previous != error else { return nil }
        let kept = current.updated == nil ? "it has no value yet" : "keeping its last value"
        return "source '\(name)' failed: \(error); \(kept)"
    }
}

/// How long a polled source waits before its next attempt: its interval while it succeeds, then
/// twice as long after each further failure, up to five minutes (or the interval, if longer), so a
/// dead server is not hammered and a recovered one is heard from soon enough.
enum Backoff {
    static let ceiling = 300.0

    static func delay(interval: Double, failures: Int) -> Double {
        guard failures > 1 else { return interval }
        let doubled = interval * Double(1 << min(failures - 1, 20))
        return min(doubled, max(ceiling, interval))
    }
}
