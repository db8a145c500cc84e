import Glibc

/// Seconds on CLOCK_MONOTONIC, the clock timerfd and libinput timestamps use, so deadlines and
/// input times compare directly.
nonisolated enum MonotonicClock {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
