import Testing
@testable import KioskExpression

@Suite struct ClockTests {
    static let cases: [(String, ClockGranularity?)] = [
        ("= time(now, 'short')", .minute),
        ("= time(now)", .minute),
        ("= time(now, 'medium')", .second),
        ("= date(now, 'long')", .day),
        ("= date(now)", .day),
        ("= weekday(now) == 6", .day),
        ("= hour(now) < 12 ? 'morning' : 'day'", .minute),
        ("= minute(now)", .minute),
        ("= now + 1", .second),
        ("= time(now + 60, 'short')", .second),
        ("= time(now, style.value)", .second),
        ("= duration(now - state.start)", .second),
        ("= hours.value", nil),
        ("= time(state.start, 'short')", nil),
        ("${date(now, 'long')}, ${time(now, 'short')}", .minute),
        ("${date(now, 'long')} ${weekday(now)}", .day),
        ("${time(now, 'medium')} ${date(now)}", .second),
        ("Hello", nil),
    ]

    @Test(arguments: cases)
    func howOftenNowMustTick(_ source: String, _ granularity: ClockGranularity?) throws {
        guard let parsed = Formula.parse(source) else {
            #expect(granularity == nil)
            return
        }
        #expect(try parsed.get().clock == granularity, "\(source)")
    }

    @Test func granularitiesOrderFinestFirst() {
        #expect(ClockGranularity.second < .minute)
        #expect(ClockGranularity.hour < .day)
    }
}
