/// Names a timer of a `Scheduler`, for cancelling it.
nonisolated public struct TimerID: Hashable, Sendable {
    let rawValue: UInt64
}
