import Testing
import KioskExpression
@testable import KioskRuntime

@Suite struct SourceStatusTests {
    @Test func aFailureKeepsTheValueMarksItStaleAndLogsOncePerChangeOfState() {
        var status = SourceStatus(name: "weather")
        #expect(status.current == SourceValue(value: .null, stale: true, updated: nil, error: nil))
        #expect(status.fail("timed out") == "source 'weather' failed: timed out; it has no value yet")
        #expect(status.succeed(with: .number(21), at: 100) == "source 'weather' recovered")
        #expect(status.current == SourceValue(value: .number(21), stale: false, updated: 100, error: nil))
        #expect(status.fail("timed out") == "source 'weather' failed: timed out; keeping its last value")
        #expect(status.fail("timed out") == nil)
        #expect(status.fail("status 500") != nil)
        #expect(status.current == SourceValue(value: .number(21), stale: true, updated: 100, error: "status 500"))
        #expect(status.succeed(with: .number(22), at: 200) != nil)
        #expect(status.succeed(with: .number(23), at: 300) == nil)
    }

    @Test func backoffDoublesFromTheIntervalUpToFiveMinutes() {
        #expect((0...6).map { Backoff.delay(interval: 10, failures: $0) } == [10, 10, 20, 40, 80, 160, 300])
        #expect(Backoff.delay(interval: 10, failures: 1000) == 300)
        // An interval longer than the ceiling is never shortened.
        #expect(Backoff.delay(interval: 3600, failures: 5) == 3600)
    }
}
