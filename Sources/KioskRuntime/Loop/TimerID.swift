/// Names a timer of an `EventLoop`, for cancelling it.
nonisolated public struct TimerID: Hashable, Sendable {
    let rawValue: UInt64
}
