import KioskConfig

/// What a reload does to the timers of the panel shown: a timer written the same way before and
/// after is kept as it is (still running, already fired or cancelled), one that changed or is new
/// starts afresh, one that is gone stops. Timers are paired by equal specs, in order, so two equal
/// anonymous timers pair with two equal ones.
struct PanelTimerMatch {
    /// Positions in the old list and the new list of timers kept.
    var kept: [(old: Int, new: Int)]
    /// Positions in the new list of timers to start.
    var started: [Int]
    /// Positions in the old list of timers to stop.
    var stopped: [Int]

    init(old: [TimerSpec], new: [TimerSpec]) {
        var unmatched = Array(old.indices)
        kept = []
        started = []
        for (newIndex, spec) in new.enumerated() {
            if let position = unmatched.firstIndex(where: { old[$0] == spec }) {
                kept.append((unmatched.remove(at: position), newIndex))
            } else {
                started.append(newIndex)
            }
        }
        stopped = unmatched
    }
}
