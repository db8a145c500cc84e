import Testing
@testable import KioskExpression

@Suite struct FunctionTests {
    @Test func roundingASmallNegativeToZeroGivesPlainZero() {
        // Shown as "0", not "-0".
        #expect(Rounding.round(-0.004, digits: 2).sign == .plus)
        #expect(Rounding.roundedText("-0.004", digits: 2) == "-0.00")
    }

    @Test func roundingLeavesWhatItCannotRound() {
        #expect(Rounding.round(.nan, digits: 2).isNaN)
        #expect(Rounding.round(.infinity, digits: 2) == .infinity)
        #expect(Rounding.round(1e12, digits: 2) == 1e12)                // no fraction digits to round
        #expect(Rounding.roundedText("42", digits: 3) == "42")
        #expect(Rounding.roundedText("0.5", digits: 0) == "1")
        #expect(Rounding.roundedText("-9.5", digits: 0) == "-10")
        #expect(Rounding.roundedText("1.25", digits: -1) == "1.25")   // tens and hundreds: the caller's arithmetic
    }

    static let values: [(String, ExpressionValue)] = [
        ("= round(2.5)", .number(3)),
        ("= round(-2.5)", .number(-3)),
        ("= round(2.4)", .number(2)),
        ("= round(1.005, 2)", .number(1.01)),
        ("= round(3.14159, 3)", .number(3.142)),
        ("= round(-1.25, 1)", .number(-1.3)),
        ("= round(9.995, 2)", .number(10)),      // the carry runs through every digit
        ("= round(-99.95, 1)", .number(-100)),
        ("= round(0.1234, 6)", .number(0.1234)), // fewer digits than asked: unchanged
        ("= round(0.000015, 5)", .number(0.00002)),
        ("= round(1234.5, -2)", .number(1200)),
        ("= round(1e300, 2)", .number(1e300)),
        ("= floor(-1.5)", .number(-2)),
        ("= ceil(1.2)", .number(2)),
        ("= abs(-4)", .number(4)),
        ("= min(3, 1, 2)", .number(1)),
        ("= max(3, 1, 2)", .number(3)),
        ("= min(items)", .number(1)),
        ("= max(items)", .number(9)),
        ("= min(5)", .number(5)),
        ("= clamp(12, 0, 10)", .number(10)),
        ("= clamp(-1, 0, 10)", .number(0)),
        ("= clamp(5, 5, 5)", .number(5)),
        ("= len('héllo 👋🏽')", .number(7)),
        ("= len(items)", .number(3)),
        ("= len(weather)", .number(2)),
        ("= len('')", .number(0)),
        ("= upper('straße')", .text("STRASSE")),
        ("= lower('ÀB')", .text("àb")),
        ("= trim('  a b \\n')", .text("a b")),
        ("= matches(plate.text, '^[A-Z]+-[A-Z]{1,2} [0-9]{1,4}$')", .bool(true)),
        ("= matches('abc', 'b')", .bool(true)),
        ("= matches('abc', '^b')", .bool(false)),
        ("= default(missing, 0)", .number(0)),
        ("= default(nothing, 'none')", .text("none")),
        ("= default(1 / 0, -1)", .number(-1)),
        ("= default(hours.value, 0)", .number(3)),
        ("= join(items, ' | ')", .text("4 | 1 | 9")),
        ("= join([], ', ')", .text("")),
        ("= if_empty('', 'n/a')", .text("n/a")),
        ("= if_empty(nothing, 'n/a')", .text("n/a")),
        ("= if_empty(empty, 'n/a')", .text("n/a")),
        ("= if_empty('x', 1 / 0)", .text("x")),
        ("= hour(now)", .number(22)),
        ("= minute(now)", .number(13)),
        ("= weekday(now)", .number(2)),
        ("= weekday(0)", .number(4)),
        ("= weekday(-86400 * 3)", .number(1)),
        ("= hour(-1)", .number(23)),
    ]

    @Test(arguments: values)
    func eachFunction(_ source: String, _ expected: ExpressionValue) {
        #expect(evaluate(source).value == expected, "\(source)")
    }

    @Test func hourAndWeekdayFollowTheTimeZone() {
        var scope = TestScope.panel
        scope.timeZone = .init(identifier: "Asia/Kolkata")!  // UTC+5:30: 22:13 UTC is 03:43 on Wednesday
        #expect(evaluate("= hour(now)", in: scope).value == .number(3))
        #expect(evaluate("= minute(now)", in: scope).value == .number(43))
        #expect(evaluate("= weekday(now)", in: scope).value == .number(3))
    }

    /// Each row: formula, message, fragment of the span.
    static let errors: [(String, String, String)] = [
        ("= min(empty)", "'min' of an empty list", "empty"),
        ("= max([1, 'a'])", "'max' needs a list of numbers, found a text in it", "[1, 'a']"),
        ("= min(1, 'a')", "'min' needs a number, found a text", "'a'"),
        ("= clamp(5, 10, 1)", "'clamp' needs its lower bound at most its upper bound, found 10 and 1", "10, 1"),
        ("= len(5)", "'len' needs a text, a list or a record, found a number", "5"),
        ("= upper(5)", "'upper' needs a text, found a number", "5"),
        ("= round(1, 1.5)", "the digits of 'round' must be a whole number from -15 to 15, found 1.5", "1.5"),
        ("= round(1, 99)", "the digits of 'round' must be a whole number from -15 to 15, found 99", "99"),
        ("= join(items)", "'join' takes 2 arguments, found 1", "join(items)"),
        ("= join('a', ',')", "'join' needs a list, found a text", "'a'"),
        ("= abs()", "'abs' takes 1 argument, found 0", "abs()"),
        ("= min()", "'min' takes at least 1 argument, found 0", "min()"),
        ("= clamp(1, 2)", "'clamp' takes 3 arguments, found 2", "clamp(1, 2)"),
        ("= matches('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '(a+)+b')",
         "the regular expression '(a+)+b' takes too many steps on this text", "'(a+)+b'"),
        ("= hour('noon')", "'hour' needs a number, found a text", "'noon'"),
        ("= hour(1e300)", "the time 1e300 is out of range (seconds since 1970, within ±1e11)", "1e300"),
    ]

    @Test(arguments: errors)
    func functionErrors(_ source: String, _ message: String, _ fragment: String) {
        let error = failure(source)
        #expect(error?.message == message, "\(source)")
        #expect(error?.span == span(of: fragment, in: source), "\(source)")
    }

    @Test func hugeTimesAndDurationsAreRefusedNotTrapped() {
        #expect(failure("= duration(1e300)")?.message == "the duration 1e300 s is out of range (at most 1e12 seconds)")
        #expect(failure("= date(-1e300)") != nil)
        #expect(failure("= time(1e18, 'short')") != nil)
        #expect(evaluate("= round(1e308, -15)").value == .number(1e308))
        #expect(evaluate("= round(-1e308, 15)").value == .number(-1e308))
    }
}
