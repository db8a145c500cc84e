/// Names a descriptor, signal set or file watch registered with a `Scheduler`, for removal.
nonisolated public struct EventSourceID: Hashable, Sendable {
    let rawValue: UInt64
}
