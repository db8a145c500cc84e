/// Names a descriptor, signal set or file watch registered with an `EventLoop`, for removal.
nonisolated public struct EventSourceID: Hashable, Sendable {
    let rawValue: UInt64
}
