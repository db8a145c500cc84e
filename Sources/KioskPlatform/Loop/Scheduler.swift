/// What the kiosk's code asks of time and of descriptors: "now", timers (one-shot and repeating),
/// and readiness of file descriptors. Two loops provide it:
/// - `EventLoop`, the real one: epoll and one timerfd on the monotonic clock;
/// - `VirtualLoop`, the one tests, scripts and snapshots use: time moves only when told to, and
///   everything that falls due runs in time order, so a run gives the same frames on every machine.
///
/// Code written against `Scheduler` (the frame loop, idle, panel timers, the control server, a
/// component's timer) runs unchanged on both. Every callback runs on the main actor, one at a time;
/// a callback may add or cancel timers and descriptors, including its own.
public protocol Scheduler: AnyObject {
    /// Seconds on this loop's clock: the monotonic clock on a device, virtual time in a test.
    var now: Double { get }

    /// Calls `handler` at `deadline` on this clock, then every `interval` seconds if one is given
    /// (missed periods are skipped, not fired in a burst). Timers due together fire in deadline
    /// order, and first scheduled first for equal deadlines.
    @discardableResult
    func addTimer(at deadline: Double, repeating interval: Double?, _ handler: @escaping () -> Void) throws(LoopError)
        -> TimerID
    /// Disarms a timer; nothing happens if it already fired (one-shot) or was cancelled.
    func cancelTimer(_ id: TimerID)
    func isTimerArmed(_ id: TimerID) -> Bool
    /// Timers armed now: an idle kiosk has none.
    var armedTimerCount: Int { get }

    /// Watches a descriptor for reading and/or writing (level-triggered); `handler` hears which.
    /// Hang-ups and errors count as readable, so a read reports them. The caller keeps owning the
    /// descriptor and removes it before closing it.
    @discardableResult
    func addDescriptor(fileDescriptor: Int32, readable: Bool, writable: Bool,
                       _ handler: @escaping (_ readable: Bool, _ writable: Bool) -> Void) throws(LoopError) -> EventSourceID
    /// Changes what a descriptor added with `addDescriptor` is watched for.
    func setInterest(_ id: EventSourceID, readable: Bool, writable: Bool) throws(LoopError)
    /// Stops watching a descriptor. Safe from inside a callback, and for an id already removed.
    func remove(_ id: EventSourceID)
}

extension Scheduler {
    /// Calls `handler` after `delay` seconds, then every `interval` seconds if one is given.
    @discardableResult
    public func addTimer(after delay: Double, repeating interval: Double? = nil,
                         _ handler: @escaping () -> Void) throws(LoopError) -> TimerID {
        try addTimer(at: now + max(delay, 0), repeating: interval, handler)
    }

    @discardableResult
    public func addTimer(at deadline: Double, _ handler: @escaping () -> Void) throws(LoopError) -> TimerID {
        try addTimer(at: deadline, repeating: nil, handler)
    }

    /// Calls `handler` whenever `fileDescriptor` is readable (read until it would block, or the
    /// handler is called again).
    @discardableResult
    public func addReadable(fileDescriptor: Int32, _ handler: @escaping () -> Void) throws(LoopError) -> EventSourceID {
        try addDescriptor(fileDescriptor: fileDescriptor, readable: true, writable: false) { readable, _ in
            if readable { handler() }
        }
    }
}
