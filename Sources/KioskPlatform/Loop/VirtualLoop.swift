import Glibc

/// A `Scheduler` whose clock moves only when told to: `advance(by:)` runs every timer that falls
/// due in the interval, in time order, with `now` set to each timer's deadline while it runs. What
/// headless runs, scripts, snapshots and tests use, so the same code paces frames and fires timers
/// as on a device, and two runs give the same frames.
///
/// Descriptors are watched too: they are polled (without waiting) before time moves and after each
/// timer, so a control socket answers between the steps of a script.
public final class VirtualLoop: Scheduler {
    private struct Watch {
        var descriptor: Int32
        var readable: Bool
        var writable: Bool
        var handler: (_ readable: Bool, _ writable: Bool) -> Void
    }

    public private(set) var now: Double
    private var timers = TimerQueue()
    private var watches: [EventSourceID: Watch] = [:]
    private var nextID: UInt64 = 1

    /// Timers fired since the start.
    public private(set) var timersFired = 0

    public init(start: Double = 0) {
        now = start
    }

    // MARK: Time

    /// Moves the clock forward by `seconds`, running everything that falls due on the way.
    public func advance(by seconds: Double) {
        advance(to: now + max(0, seconds))
    }

    /// Moves the clock to `time` (never backwards), running everything that falls due on the way,
    /// including timers that those timers schedule within the interval.
    public func advance(to time: Double) {
        pollDescriptors()
        while let next = timers.earliest, next.deadline <= time {
            fire(next.id, at: next.deadline)
        }
        now = max(now, time)
    }

    /// Moves the clock to the earliest armed timer and runs what is due then. Returns false, with
    /// the clock unchanged, when no timer is armed.
    @discardableResult
    public func advanceToNextTimer() -> Bool {
        pollDescriptors()
        guard let next = timers.earliest else { return false }
        let deadline = max(now, next.deadline)
        while let due = timers.earliest, due.deadline <= deadline {
            fire(due.id, at: due.deadline)
        }
        return true
    }

    /// When the earliest armed timer is due; nil when none is armed.
    public var nextTimerDeadline: Double? { timers.earliestDeadline }

    private func fire(_ id: TimerID, at deadline: Double) {
        now = max(now, deadline)
        // A handler may cancel or reschedule timers, its own included.
        guard let handler = timers.takeIfDue(id, at: now) else { return }
        timersFired += 1
        handler()
        pollDescriptors()
    }

    // MARK: Scheduler

    @discardableResult
    public func addTimer(at deadline: Double, repeating interval: Double?,
                         _ handler: @escaping () -> Void) throws(LoopError) -> TimerID {
        let id = TimerID(rawValue: takeID())
        try timers.schedule(id, at: deadline, repeating: interval, handler: handler)
        return id
    }

    public func cancelTimer(_ id: TimerID) { timers.cancel(id) }

    public func isTimerArmed(_ id: TimerID) -> Bool { timers.contains(id) }

    public var armedTimerCount: Int { timers.count }
    /// Descriptors watched now.
    public var watchedDescriptorCount: Int { watches.count }

    @discardableResult
    public func addDescriptor(fileDescriptor: Int32, readable: Bool, writable: Bool,
                              _ handler: @escaping (_ readable: Bool, _ writable: Bool) -> Void) throws(LoopError)
        -> EventSourceID {
        guard fcntl(fileDescriptor, F_GETFD) >= 0 else {
            throw .cannotWatchDescriptor(fileDescriptor, reason: LoopError.reason())
        }
        let id = EventSourceID(rawValue: takeID())
        watches[id] = Watch(descriptor: fileDescriptor, readable: readable, writable: writable, handler: handler)
        return id
    }

    public func setInterest(_ id: EventSourceID, readable: Bool, writable: Bool) throws(LoopError) {
        watches[id]?.readable = readable
        watches[id]?.writable = writable
    }

    public func remove(_ id: EventSourceID) { watches[id] = nil }

    private func takeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    // MARK: Descriptors

    /// Runs the callbacks of the descriptors ready now, without waiting.
    public func pollDescriptors() {
        guard !watches.isEmpty else { return }
        let watched = watches.filter { $0.value.readable || $0.value.writable }.map { (id: $0.key, watch: $0.value) }
        var entries = watched.map { item in
            pollfd(fd: item.watch.descriptor,
                   events: Int16((item.watch.readable ? POLLIN : 0) | (item.watch.writable ? POLLOUT : 0)), revents: 0)
        }
        guard !entries.isEmpty, poll(&entries, nfds_t(entries.count), 0) > 0 else { return }
        for (index, entry) in entries.enumerated() where entry.revents != 0 {
            // Looked up now: an earlier callback may have removed it.
            guard let watch = watches[watched[index].id] else { continue }
            let readable = entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0
            watch.handler(readable, entry.revents & Int16(POLLOUT) != 0)
        }
    }
}
