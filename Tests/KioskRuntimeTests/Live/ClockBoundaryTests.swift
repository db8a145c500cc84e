import Foundation
import KioskExpression
import Testing
@testable import KioskRuntime

@Suite struct ClockBoundaryTests {
    let utc = TimeZone(identifier: "UTC")!
    /// 2026-01-15 09:00:00 UTC.
    let nine = 1_768_467_600.0

    @Test func theNextSecondMinuteAndHourAreWholeOnes() {
        #expect(ClockBoundary.next(after: nine + 0.25, granularity: .second, timeZone: utc) == nine + 1)
        #expect(ClockBoundary.next(after: nine, granularity: .second, timeZone: utc) == nine + 1)
        #expect(ClockBoundary.next(after: nine + 12.5, granularity: .minute, timeZone: utc) == nine + 60)
        #expect(ClockBoundary.next(after: nine, granularity: .minute, timeZone: utc) == nine + 60)
        #expect(ClockBoundary.next(after: nine + 59 * 60 + 59, granularity: .hour, timeZone: utc) == nine + 3600)
    }

    @Test func hoursAndDaysFollowTheTimeZone() throws {
        // India is UTC+5:30: its hours begin at half past the UTC hour.
        let kolkata = try #require(TimeZone(identifier: "Asia/Kolkata"))
        #expect(ClockBoundary.next(after: nine, granularity: .hour, timeZone: kolkata) == nine + 1800)
        // 09:00 UTC is 14:30 in Kolkata: midnight there is 18:30 UTC.
        #expect(ClockBoundary.next(after: nine, granularity: .day, timeZone: kolkata) == nine + 9.5 * 3600)
        #expect(ClockBoundary.next(after: nine, granularity: .day, timeZone: utc) == nine + 15 * 3600)
    }

    @Test func aDayWithADaylightSavingChangeEndsAtItsOwnMidnight() throws {
        // Berlin moves to summer time on 2026-03-29 at 02:00 (01:00 UTC); that day is 23 hours long.
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let startOfDay = 1_774_738_800.0   // 2026-03-29 00:00 in Berlin (23:00 UTC the day before)
        #expect(ClockBoundary.next(after: startOfDay + 60, granularity: .day, timeZone: berlin) == startOfDay + 23 * 3600)
        // The hour after 01:59:30 local winter time is 03:00 summer time, one hour of real time later.
        #expect(ClockBoundary.next(after: startOfDay + 3600 + 3570, granularity: .hour, timeZone: berlin)
            == startOfDay + 2 * 3600)
    }
}
