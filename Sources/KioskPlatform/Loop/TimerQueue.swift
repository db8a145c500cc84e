/// The loop's timers in deadline order. A kiosk has a handful (frame pacing, animations, gesture
/// timeouts, idle, watchdog), so a linear scan beats keeping a heap in order.
struct TimerQueue {
    private struct Entry {
        var deadline: Double
        var interval: Double?
        /// Breaks ties between equal deadlines: first scheduled, first fired.
        var sequence: UInt64
        var handler: () -> Void
    }

    private var entries: [TimerID: Entry] = [:]
    private var nextSequence: UInt64 = 0

    var count: Int { entries.count }

    func contains(_ id: TimerID) -> Bool { entries[id] != nil }

    var earliestDeadline: Double? { entries.values.map(\.deadline).min() }

    /// The timer that fires first: earliest deadline, then first scheduled.
    var earliest: (id: TimerID, deadline: Double)? {
        entries.min { ($0.value.deadline, $0.value.sequence) < ($1.value.deadline, $1.value.sequence) }
            .map { ($0.key, $0.value.deadline) }
    }

    /// Deadlines beyond this many seconds are held here: later than any kiosk runs, and still a
    /// whole number of seconds a timerfd takes.
    static let latestDeadline = 1e12

    /// Adds or replaces a timer. A repeating timer needs a positive interval. Throws for a deadline
    /// or interval that is not finite, or a negative interval; a deadline past `latestDeadline` is
    /// held at it.
    mutating func schedule(_ id: TimerID, at deadline: Double, repeating interval: Double?,
                           handler: @escaping () -> Void) throws(LoopError) {
        guard deadline.isFinite, interval.map({ $0.isFinite && $0 >= 0 }) ?? true else {
            throw .invalidTimer(deadline: deadline, interval: interval)
        }
        let deadline = min(deadline, Self.latestDeadline)
        nextSequence += 1
        let repeats = interval.flatMap { $0 > 0 ? $0 : nil }
        entries[id] = Entry(deadline: deadline, interval: repeats, sequence: nextSequence, handler: handler)
    }

    mutating func cancel(_ id: TimerID) { entries[id] = nil }

    /// The timers due at `now`, earliest first.
    func due(at now: Double) -> [TimerID] {
        entries.filter { $0.value.deadline <= now }
            .sorted { ($0.value.deadline, $0.value.sequence) < ($1.value.deadline, $1.value.sequence) }
            .map(\.key)
    }

    /// Takes a due timer's handler: a one-shot timer leaves the queue, a repeating one moves to its
    /// next deadline after `now` (missed periods are skipped, not fired in a burst). Nil if the timer
    /// was cancelled or rescheduled by an earlier handler in the same round.
    mutating func takeIfDue(_ id: TimerID, at now: Double) -> (() -> Void)? {
        guard var entry = entries[id], entry.deadline <= now else { return nil }
        if let interval = entry.interval {
            let missed = ((now - entry.deadline) / interval).rounded(.down) + 1
            entry.deadline += missed * interval
            nextSequence += 1
            entry.sequence = nextSequence
            entries[id] = entry
        } else {
            entries[id] = nil
        }
        return entry.handler
    }
}
