import FoundationEssentials
import Glibc
import KioskExpression

/// Where the wall clock next changes what a formula shows: the next whole second, minute or hour,
/// or the next midnight, in the zone times are shown in (a zone half an hour off UTC has its hours
/// at :30 UTC).
enum ClockBoundary {
    /// The first boundary of `granularity` after `time` (seconds since 1970).
    static func next(after time: Double, granularity: ClockGranularity, timeZone: TimeZone) -> Double {
        switch granularity {
        case .second: return time.rounded(.down) + 1
        case .minute: return next(after: time, every: 60, timeZone: timeZone)
        case .hour: return next(after: time, every: 3600, timeZone: timeZone)
        case .day:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let date = Date(timeIntervalSince1970: time)
            let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: date))
            return midnight?.timeIntervalSince1970 ?? (time + 86_400)
        }
    }

    /// Boundaries every `period` seconds of local time. The zone's offset is read at the boundary
    /// found, so a change of offset (daylight saving) in between is counted.
    private static func next(after time: Double, every period: Double, timeZone: TimeZone) -> Double {
        func boundary(offset: Double) -> Double {
            ((time + offset) / period).rounded(.down) * period + period - offset
        }
        let offset = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: time)))
        let first = boundary(offset: offset)
        let offsetThere = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: first)))
        guard offsetThere != offset else { return first }
        let second = boundary(offset: offsetThere)
        return second > time ? second : first
    }
}
