import FoundationEssentials
import Glibc

/// The time of day, in seconds since 1970 (UTC), and the zone it is shown in: what `now` in an
/// expression reads. Deadlines stay on the scheduler's clock (monotonic or virtual); this one
/// only says which wall-clock moment a deadline falls on.
///
/// Two kinds, like the loops:
/// - `system`: `CLOCK_REALTIME` in the machine's time zone, on a device;
/// - `virtual(_:epoch:)`: a fixed moment plus the scheduler's time, in UTC, so that a virtual run
///   shows the same clock, and wakes at the same virtual times, on every machine.
public struct WallClock {
    /// 2026-01-15 09:00:00 UTC: where virtual runs start unless told otherwise.
    public static let defaultVirtualEpoch: Double = 1_768_467_600

    /// The zone times of day are shown in (and day boundaries fall in).
    public var timeZone: TimeZone { zone() }
    private let zone: () -> TimeZone
    private let read: () -> Double

    public init(timeZone: TimeZone, read: @escaping () -> Double) {
        self.init(zone: { timeZone }, read: read)
    }

    private init(zone: @escaping () -> TimeZone, read: @escaping () -> Double) {
        self.zone = zone
        self.read = read
    }

    /// Seconds since 1970 now.
    public func now() -> Double { read() }

    /// The machine's real-time clock and time zone. The zone is looked up when a time of day is
    /// first shown or a day boundary first worked out, not as the clock is made at every start:
    /// Foundation finds the machine's zone through ICU, and its first lookup, with the caches it
    /// builds, cost a start 0.3 ms and two scans of every protocol conformance record in the binary.
    public static var system: WallClock {
        WallClock(zone: { .current }) {
            var time = timespec()
            clock_gettime(CLOCK_REALTIME, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
        }
    }

    /// `epoch` plus the scheduler's time, in UTC: virtual time moves the clock on screen.
    public static func virtual(_ scheduler: any Scheduler, epoch: Double = defaultVirtualEpoch) -> WallClock {
        WallClock(timeZone: TimeZone(identifier: "UTC")!) { [unowned scheduler] in epoch + scheduler.now }
    }

    /// The clock a kiosk on `scheduler` shows: the virtual one on a `VirtualLoop`, else the system's.
    public static func matching(_ scheduler: any Scheduler) -> WallClock {
        scheduler is VirtualLoop ? .virtual(scheduler) : .system
    }
}
