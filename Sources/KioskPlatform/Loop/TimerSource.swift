import CLinux
import Glibc

/// All timers of the loop behind one timerfd, armed for the earliest deadline. When no timer is
/// armed the timerfd is disarmed, so the loop sleeps with no timeout at all.
final class TimerSource {
    private let descriptor: OwnedDescriptor
    private var queue = TimerQueue()

    init() throws(LoopError) {
        let fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw .cannotCreate("timerfd", reason: LoopError.reason()) }
        descriptor = OwnedDescriptor(fd)
    }

    var fileDescriptor: Int32 { descriptor.rawValue }
    var armedCount: Int { queue.count }

    func contains(_ id: TimerID) -> Bool { queue.contains(id) }

    /// Throws when the timerfd cannot be armed; the timer is then not kept.
    func schedule(_ id: TimerID, at deadline: Double, repeating interval: Double?,
                  handler: @escaping () -> Void) throws(LoopError) {
        try queue.schedule(id, at: deadline, repeating: interval, handler: handler)
        do {
            try rearm()
        } catch {
            queue.cancel(id)
            throw error
        }
    }

    func cancel(_ id: TimerID) {
        queue.cancel(id)
        // Arming for a later deadline can only fail the way `schedule` would have; if it did, the
        // timerfd keeps the earlier deadline and its wakeup finds nothing due, which is harmless.
        try? rearm()
    }

    /// Called when the timerfd is readable: fires what is due, in deadline order. Throws when the
    /// timerfd cannot be armed for the next deadline afterwards.
    func fireDueTimers() throws(LoopError) {
        var expirations: UInt64 = 0
        _ = read(descriptor.rawValue, &expirations, MemoryLayout<UInt64>.size)
        let now = MonotonicClock.now()
        for id in queue.due(at: now) {
            // A handler may cancel or reschedule timers that were due in this same round.
            if let handler = queue.takeIfDue(id, at: now) { handler() }
        }
        try rearm()
    }

    private func rearm() throws(LoopError) {
        var setting = itimerspec()
        if let deadline = queue.earliestDeadline {
            // An all-zero it_value would disarm; a deadline already past fires at once.
            let clamped = max(deadline, 1e-9)
            setting.it_value.tv_sec = Int(clamped.rounded(.down))
            setting.it_value.tv_nsec = Int(((clamped - clamped.rounded(.down)) * 1_000_000_000).rounded(.down))
            if setting.it_value.tv_sec == 0 && setting.it_value.tv_nsec == 0 { setting.it_value.tv_nsec = 1 }
        }
        guard timerfd_settime(descriptor.rawValue, Int32(TFD_TIMER_ABSTIME), &setting, nil) == 0 else {
            throw .cannotArmTimer(reason: LoopError.reason())
        }
    }
}
