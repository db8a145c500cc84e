import Foundation
import KioskPlatform
import Testing

@Suite struct WallClockTests {
    @Test func aVirtualClockMovesWithVirtualTimeFromItsEpoch() throws {
        let loop = VirtualLoop()
        let clock = WallClock.virtual(loop, epoch: 1_000)
        #expect(clock.now() == 1_000)
        loop.advance(by: 90.5)
        #expect(clock.now() == 1_090.5)
        #expect(clock.timeZone.secondsFromGMT() == 0)
    }

    @Test func aVirtualLoopGetsTheVirtualClockAndStartsAtTheDefaultEpoch() {
        let loop = VirtualLoop()
        #expect(WallClock.matching(loop).now() == WallClock.defaultVirtualEpoch)
        // 2026-01-15 09:00:00 UTC.
        #expect(Date(timeIntervalSince1970: WallClock.defaultVirtualEpoch).ISO8601Format() == "2026-01-15T09:00:00Z")
    }

    @Test func theSystemClockIsTheRealTimeOfDay() {
        let reading = WallClock.system.now()
        #expect(abs(reading - Date().timeIntervalSince1970) < 5)
    }

    /// The zone is looked up on first use; it is still the machine's.
    @Test func theSystemClockShowsTheMachinesTimeZone() {
        let clock = WallClock.system
        #expect(clock.timeZone.identifier == TimeZone.current.identifier)
        #expect(clock.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_768_467_600))
            == TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: 1_768_467_600)))
    }
}
