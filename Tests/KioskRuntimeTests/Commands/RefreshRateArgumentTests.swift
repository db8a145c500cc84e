import KioskRuntime
import Testing

/// `--refresh-rate HZ` (`kiosk test`): a rate in Hz a panel could have; nothing a display cannot
/// run at, and no rate that would make a refresh interval of zero or less.
struct RefreshRateArgumentTests {
    @Test func aRefreshRateIsReadInHertz() throws {
        #expect(try Arguments(["--refresh-rate", "74.99"]).refreshRate("refresh-rate") == 74.99)
        #expect(try Arguments(["--refresh-rate=120"]).refreshRate("refresh-rate") == 120)
        #expect(try Arguments([]).refreshRate("refresh-rate") == nil)
    }

    @Test(arguments: ["0", "-60", "5000", "nan", "fast"])
    func aRefreshRateOutsideTheRangeIsAUsageError(_ text: String) {
        #expect(throws: UsageError.self) { try Arguments(["--refresh-rate", text]).refreshRate("refresh-rate") }
    }
}
