import Glibc

/// Seconds on CLOCK_MONOTONIC: the one clock of the kiosk. timerfd, libinput timestamps and DRM
/// page-flip timestamps all count on it, so deadlines, input times and vblanks compare directly.
nonisolated public enum MonotonicClock {
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
