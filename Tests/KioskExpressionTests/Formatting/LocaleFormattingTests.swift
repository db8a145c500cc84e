import Foundation
import Testing
@testable import KioskExpression

/// What ICU writes for each locale, as Foundation on Linux gives it (no-break spaces, narrow
/// no-break spaces and bidirectional marks included). `now` is 14 November 2023, 22:13:20 UTC.
@Suite struct LocaleFormattingTests {
    static let rows: [(String, String, String)] = [
        ("en", "= number(1234.5)", "1,234.5"),
        ("en", "= number(1234.5, 2)", "1,234.50"),
        ("en", "= number(2 / 3)", "0.667"),
        ("en", "= number(0.125, 2)", "0.13"),
        ("en", "= number(1.005, 2)", "1.01"),
        ("en", "= number(-2.5, 0)", "-3"),
        ("en", "= percent(0.125)", "13%"),
        ("en", "= currency(1234.5, 'JPY')", "¥1,235"),
        ("en", "= currency(0.125, 'EUR')", "€0.13"),
        ("en", "= percent(0.25)", "25%"),
        ("en", "= percent(0.125, 1)", "12.5%"),
        ("en", "= currency(12, 'EUR')", "€12.00"),
        ("en", "= currency(1234.5, 'usd')", "$1,234.50"),
        ("en", "= date(now, 'short')", "11/14/23"),
        ("en", "= date(now, 'medium')", "Nov 14, 2023"),
        ("en", "= date(now, 'long')", "November 14, 2023"),
        ("en", "= time(now, 'short')", "10:13\u{202F}PM"),
        ("en", "= time(now, 'medium')", "10:13:20\u{202F}PM"),
        ("en", "= duration(3909)", "1:05:09"),
        ("en", "= duration(309)", "5:09"),
        ("en", "= duration(42.4)", "0:42"),
        ("en", "= duration(-42)", "-0:42"),
        ("en", "= duration(93600)", "26:00:00"),
        ("es", "= number(1234.5)", "1234,5"),
        ("es", "= number(12345.5)", "12.345,5"),
        ("es", "= percent(0.25)", "25\u{A0}%"),
        ("es", "= currency(12, 'EUR')", "12,00\u{A0}€"),
        ("es", "= currency(hours.value * 4, 'EUR')", "12,00\u{A0}€"),
        ("es", "= date(now, 'short')", "14/11/23"),
        ("es", "= date(now, 'long')", "14 de noviembre de 2023"),
        ("es", "= time(now, 'short')", "22:13"),
        ("es", "= duration(3909)", "1:05:09"),
        ("de", "= number(1234.5, 2)", "1.234,50"),
        ("de", "= number(-0.5)", "-0,5"),
        ("de", "= percent(0.125, 1)", "12,5\u{A0}%"),
        ("de", "= currency(12, 'EUR')", "12,00\u{A0}€"),
        ("de", "= currency(1234.5, 'USD')", "1.234,50\u{A0}$"),
        ("de", "= date(now, 'short')", "14.11.23"),
        ("de", "= date(now, 'medium')", "14.11.2023"),
        ("de", "= date(now, 'long')", "14. November 2023"),
        ("de", "= time(now, 'medium')", "22:13:20"),
        ("de-DE", "= currency(12, 'EUR')", "12,00\u{A0}€"),
        ("de", "= duration(309)", "5:09"),
        // "ar" in this ICU writes Latin digits, with bidirectional marks around signs and symbols.
        ("ar", "= number(1234.5)", "1,234.5"),
        ("ar", "= number(-0.5)", "\u{200E}-0.5"),
        ("ar", "= percent(0.25)", "25\u{200E}%\u{200E}"),
        ("ar", "= currency(12, 'EUR')", "\u{200F}12.00\u{A0}€"),
        ("ar", "= date(now, 'short')", "14\u{200F}/11\u{200F}/2023"),
        ("ar", "= date(now, 'long')", "14 نوفمبر، 2023"),
        ("ar", "= time(now, 'short')", "10:13\u{A0}م"),
        ("ar", "= time(now, 'medium')", "10:13:20\u{A0}م"),
        ("ar", "= duration(3909)", "1:05:09"),
        // Egyptian Arabic writes Arabic-Indic digits.
        ("ar-EG", "= number(1234.5)", "١٬٢٣٤٫٥"),
        ("ar-EG", "= percent(0.25)", "٢٥٪\u{61C}"),
        ("ar-EG", "= time(now, 'short')", "١٠:١٣\u{A0}م"),
        ("ar-EG", "= duration(3909)", "١:٠٥:٠٩"),
    ]

    @Test(arguments: rows)
    func formatsAsTheLocaleWrites(_ locale: String, _ source: String, _ expected: String) {
        var scope = TestScope.panel
        scope.locale = locale
        let value = evaluate(source, in: scope).value
        #expect(value == .text(expected), "\(locale) \(source): \(String(reflecting: value?.displayText))")
    }

    @Test func datesFollowTheScopesTimeZone() {
        var scope = TestScope.panel
        scope.timeZone = TimeZone(identifier: "Europe/Berlin")!
        scope.locale = "de"
        #expect(evaluate("= time(now, 'short')", in: scope).value == .text("23:13"))
        scope.timeZone = TimeZone(identifier: "Pacific/Kiritimati")!  // UTC+14: already the 15th
        #expect(evaluate("= date(now, 'medium')", in: scope).value == .text("15.11.2023"))
    }

    /// A locale ICU does not know still formats, with the root locale's conventions.
    @Test func anUnknownLocaleFallsBackToTheRootLocale() {
        for locale in ["", "xx", "not a locale", "de_DE@currency=XYZ"] {
            var scope = TestScope.panel
            scope.locale = locale
            let text = evaluate("${number(1234.5, 2)} ${currency(12, 'EUR')} ${date(now)} ${duration(61)}", in: scope).value?.displayText
            #expect(text?.contains("12") == true, "\(locale): \(String(describing: text))")
            #expect(text?.hasSuffix("1:01") == true, "\(locale): \(String(describing: text))")
        }
    }

    @Test func badArgumentsAreErrorsAtTheArgument() {
        let cases: [(String, String, String)] = [
            ("= currency(1, 'EURO')", "'currency' needs a three-letter currency code such as 'EUR', found 'EURO'", "'EURO'"),
            ("= date(now, 'full')", "the style of 'date' must be 'short', 'medium' or 'long', found 'full'", "'full'"),
            ("= time(now, 'long')", "the style of 'time' must be 'short' or 'medium', found 'long'", "'long'"),
            ("= number(1, 16)", "the digits of 'number' must be a whole number from 0 to 15, found 16", "16"),
            ("= percent('a')", "'percent' needs a number, found a text", "'a'"),
            ("= date('today')", "'date' needs a number, found a text", "'today'"),
        ]
        for (source, message, fragment) in cases {
            let error = failure(source)
            #expect(error?.message == message, "\(source)")
            #expect(error?.span == span(of: fragment, in: source), "\(source)")
        }
    }

    /// The formatters are shared between threads: formatting from many at once gives the same texts.
    @Test func formattingFromManyThreadsAtOnce() {
        let results = LockedCache<Int, String>(capacity: 1000)
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            var scope = TestScope.panel
            scope.locale = ["en", "es", "de", "ar"][index % 4]
            let text = evaluate("${currency(12, 'EUR')} ${date(now, 'long')} ${time(now, 'short')}", in: scope).value?.displayText ?? "failed"
            results.withValue(for: index, make: { text }) { _ in }
        }
        for index in 0..<200 {
            let expected = index % 4 == 1 ? "12,00\u{A0}€ 14 de noviembre de 2023 22:13" : nil
            let text = results.withValue(for: index, make: { "missing" }) { $0 }
            if let expected { #expect(text == expected) }
            #expect(text != "failed" && text != "missing")
        }
    }
}
