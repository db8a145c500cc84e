/// Identifies a scheduled timer so it can be cancelled.
public struct TimerToken: Hashable, Sendable {
    let id: Int
}

/// Timers on the screen's clock (long presses, key repeat, double-tap timeouts). They fire when
/// the runtime moves the screen's time past them; `nextWakeUpTime` tells it when that is due.
final class ScreenTimers {
    private struct Entry {
        var token: TimerToken
        var time: Double
        var action: () -> Void
    }

    private var entries: [Entry] = []
    private var nextID = 0

    func schedule(at time: Double, _ action: @escaping () -> Void) -> TimerToken {
        nextID += 1
        let token = TimerToken(id: nextID)
        entries.append(Entry(token: token, time: time, action: action))
        return token
    }

    func cancel(_ token: TimerToken) {
        entries.removeAll { $0.token == token }
    }

    var nextFireTime: Double? { entries.map(\.time).min() }

    /// Fires, in time order, every timer due at or before `time` (timers scheduled while firing
    /// that are already due fire too).
    func fire(upTo time: Double) {
        while let index = entries.indices.filter({ entries[$0].time <= time + 1e-9 })
            .min(by: { entries[$0].time < entries[$1].time }) {
            let entry = entries.remove(at: index)
            entry.action()
        }
    }
}
