import FoundationEssentials
import FoundationInternationalization
import Glibc

/// The locale-aware functions: numbers, percentages, money, dates, times and durations, written the
/// way the scope's locale writes them, through Foundation's ICU formatters.
enum LocaleFormatting {
    private enum NumberStyle: Hashable {
        case decimal(digits: Int?)
        case percent(digits: Int)
        case currency(code: String)
        /// Whole numbers without grouping, padded to `width` digits: the parts of a duration.
        case padded(width: Int)
    }

    private struct NumberKey: Hashable {
        var locale: String
        var style: NumberStyle
    }

    private struct DateKey: Hashable {
        var locale: String
        var timeZone: String
        var dateStyle: StyledDateFormat.Style
        var timeStyle: StyledDateFormat.Style
    }

    /// A number format, made once per locale and style. The format styles are immutable values;
    /// the ICU formatter behind each is cached by Foundation itself.
    private enum NumberFormat {
        case decimal(FloatingPointFormatStyle<Double>)
        case percent(FloatingPointFormatStyle<Double>.Percent)
        case currency(FloatingPointFormatStyle<Double>.Currency)
        case integer(IntegerFormatStyle<Int>)
    }

    private static let numberFormats = LockedCache<NumberKey, NumberFormat>(capacity: 32)
    /// ICU's styles (rather than Date.FormatStyle) because its short, medium and long styles are
    /// the ones people know from their devices; each is not thread-safe, so it is used under the lock.
    private static let dateFormats = LockedCache<DateKey, StyledDateFormat?>(capacity: 32)

    /// Times further than this from 1970 (about 3000 years) are refused rather than handed to ICU.
    static let timeRange = -1e11...1e11

    static func evaluate(_ call: FunctionCall, locale: String, timeZone: TimeZone) throws(ExpressionError) -> ExpressionValue {
        switch call.name {
        case "number":
            let digits = call.count > 1 ? try call.integer(1, in: 0...15, what: "the digits") : nil
            return .text(format(try call.number(0), .decimal(digits: digits), locale: locale))
        case "percent":
            let digits = call.count > 1 ? try call.integer(1, in: 0...15, what: "the digits") : 0
            return .text(format(try call.number(0), .percent(digits: digits), locale: locale))
        case "currency":
            let code = try call.text(1)
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw call.error("'currency' needs a three-letter currency code such as 'EUR', found '\(code)'", argument: 1)
            }
            return .text(format(try call.number(0), .currency(code: code.uppercased()), locale: locale))
        case "date":
            let style = try call.choice(1, among: FunctionSignature.dateStyles, absent: FunctionSignature.defaultDateStyle, what: "style")
            return .text(format(try time(call), date: dateStyle(style), time: .none, locale: locale, timeZone: timeZone))
        case "time":
            let style = try call.choice(1, among: FunctionSignature.timeStyles, absent: FunctionSignature.defaultTimeStyle, what: "style")
            return .text(format(try time(call), date: .none, time: dateStyle(style), locale: locale, timeZone: timeZone))
        case "duration":
            return .text(try duration(call, locale: locale))
        case "hour":
            return .number(floor(secondOfDay(try time(call), in: timeZone) / 3600))
        case "minute":
            return .number(floor(secondOfDay(try time(call), in: timeZone).truncatingRemainder(dividingBy: 3600) / 60))
        case "weekday":
            return .number(Double(isoWeekday(try time(call), in: timeZone)))
        default:
            throw ExpressionError("unknown function '\(call.name)'", at: call.span)
        }
    }

    private static func time(_ call: FunctionCall) throws(ExpressionError) -> Double {
        let time = try call.number(0)
        guard timeRange.contains(time) else {
            throw call.error("the time \(PlainNumber.brief(time)) is out of range (seconds since 1970, within ±1e11)", argument: 0)
        }
        return time
    }

    private static func dateStyle(_ name: String) -> StyledDateFormat.Style {
        switch name {
        case "short": .short
        case "long": .long
        default: .medium
        }
    }

    private static func format(_ number: Double, _ style: NumberStyle, locale: String) -> String {
        let format = numberFormats.withValue(for: NumberKey(locale: locale, style: style), make: { makeFormat(style, locale: locale) }) { $0 }
        switch format {
        case .decimal(let style): return style.format(number)
        case .percent(let style): return style.format(number)
        case .currency(let style): return style.format(number)
        case .integer(let style): return style.format(Int(number))
        }
    }

    /// Halves round away from zero on the number's shortest decimal digits, as `round` does:
    /// 0.125 at two digits is 0.13, 1.005 is 1.01. (NumberFormatter on Linux loses its fraction
    /// digits when given a rounding mode, and does not know the digits of a currency such as JPY.)
    private static func makeFormat(_ style: NumberStyle, locale: String) -> NumberFormat {
        let locale = Locale(identifier: locale)
        let rule = FloatingPointRoundingRule.toNearestOrAwayFromZero
        switch style {
        case .decimal(let digits):
            let length = digits.map { $0...$0 } ?? 0...3
            return .decimal(FloatingPointFormatStyle<Double>(locale: locale).precision(.fractionLength(length)).rounded(rule: rule))
        case .percent(let digits):
            return .percent(FloatingPointFormatStyle<Double>.Percent(locale: locale).precision(.fractionLength(digits)).rounded(rule: rule))
        case .currency(let code):
            return .currency(FloatingPointFormatStyle<Double>.Currency(code: code, locale: locale).rounded(rule: rule))
        case .padded(let width):
            return .integer(IntegerFormatStyle<Int>(locale: locale).grouping(.never).precision(.integerLength(width...)))
        }
    }

    private static func format(_ time: Double, date: StyledDateFormat.Style, time timeStyle: StyledDateFormat.Style,
                               locale: String, timeZone: TimeZone) -> String {
        let key = DateKey(locale: locale, timeZone: timeZone.identifier, dateStyle: date, timeStyle: timeStyle)
        return dateFormats.withValue(for: key, make: {
            StyledDateFormat(date: date, time: timeStyle, locale: locale, timeZone: timeZone)
        }) { format in
            format?.string(from: time) ?? PlainNumber.text(time)
        }
    }

    /// `h:mm:ss` from an hour on, `m:ss` below (`1:05:09`, `5:09`, `0:42`), rounded to the second,
    /// hours counting on past a day (`26:00:00`), with the locale's digits.
    private static func duration(_ call: FunctionCall, locale: String) throws(ExpressionError) -> String {
        let seconds = try call.number(0)
        guard seconds.magnitude <= 1e12 else {
            throw call.error("the duration \(PlainNumber.brief(seconds)) s is out of range (at most 1e12 seconds)", argument: 0)
        }
        let total = Int(seconds.magnitude.rounded(.toNearestOrAwayFromZero))
        let (hours, minutes, secs) = (total / 3600, total % 3600 / 60, total % 60)
        var parts: [String] = []
        if hours > 0 {
            parts = [format(Double(hours), .padded(width: 1), locale: locale), format(Double(minutes), .padded(width: 2), locale: locale)]
        } else {
            parts = [format(Double(minutes), .padded(width: 1), locale: locale)]
        }
        parts.append(format(Double(secs), .padded(width: 2), locale: locale))
        let sign = seconds < 0 && total > 0 ? "-" : ""
        return sign + parts.joined(separator: ":")
    }

    /// Seconds since the local midnight of `time` in `timeZone`.
    private static func secondOfDay(_ time: Double, in timeZone: TimeZone) -> Double {
        let local = time + Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: time)))
        return local - floor(local / 86_400) * 86_400
    }

    /// 1 = Monday … 7 = Sunday; 1 January 1970 was a Thursday.
    private static func isoWeekday(_ time: Double, in timeZone: TimeZone) -> Int {
        let local = time + Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: time)))
        let days = Int(floor(local / 86_400))
        return ((days + 3) % 7 + 7) % 7 + 1
    }
}
