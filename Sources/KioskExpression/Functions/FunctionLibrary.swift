import FoundationEssentials
import Glibc

/// The built-in functions, applied to evaluated arguments whose count the signature has checked.
enum FunctionLibrary {
    static func evaluate(_ call: FunctionCall, locale: String, timeZone: TimeZone) throws(ExpressionError) -> ExpressionValue {
        switch call.name {
        case "round":
            let digits = call.count > 1 ? try call.integer(1, in: -15...15, what: "the digits") : 0
            return .number(Rounding.round(try call.number(0), digits: digits))
        case "floor": return .number((try call.number(0)).rounded(.down))
        case "ceil": return .number((try call.number(0)).rounded(.up))
        case "abs": return .number((try call.number(0)).magnitude)
        case "min": return .number(try extreme(call, keepsFirst: <))
        case "max": return .number(try extreme(call, keepsFirst: >))
        case "clamp":
            let (value, low, high) = (try call.number(0), try call.number(1), try call.number(2))
            guard low <= high else {
                throw ExpressionError("'clamp' needs its lower bound at most its upper bound, found \(PlainNumber.brief(low)) and \(PlainNumber.brief(high))",
                                      at: call.spans[1].through(call.spans[2]))
            }
            return .number(Swift.min(Swift.max(value, low), high))
        case "len":
            switch call.values[0] {
            case .text(let text): return .number(Double(text.count))
            case .list(let items): return .number(Double(items.count))
            case .record(let fields): return .number(Double(fields.count))
            case let other: throw call.error("'len' needs a text, a list or a record, found \(other.typeName)", argument: 0)
            }
        case "upper": return try ValueBounds.text((try call.text(0)).uppercased(), at: call.span)
        case "lower": return try ValueBounds.text((try call.text(0)).lowercased(), at: call.span)
        case "trim": return .text((try call.text(0)).trimmingWhitespace())
        case "matches": return .bool(try RegularExpressions.matches(call))
        case "join":
            let items = try call.list(0)
            let separator = try call.text(1)
            // Checked while joining so that a huge list cannot build a huge text first.
            var writer = BoundedTextWriter(limit: ExpressionLimits.textBytes)
            for (index, item) in items.enumerated() {
                guard index == 0 || writer.write(separator), writer.writeDisplay(of: item) else {
                    throw ValueBounds.textTooLong(at: call.span)
                }
            }
            return .text(writer.text)
        default:
            return try LocaleFormatting.evaluate(call, locale: locale, timeZone: timeZone)
        }
    }

    /// The smallest (or largest) of the arguments, or of the one list argument.
    private static func extreme(_ call: FunctionCall, keepsFirst: (Double, Double) -> Bool) throws(ExpressionError) -> Double {
        var numbers: [Double] = []
        if call.count == 1, case .list(let items) = call.values[0] {
            guard !items.isEmpty else { throw call.error("'\(call.name)' of an empty list", argument: 0) }
            for item in items {
                guard case .number(let number) = item else {
                    throw call.error("'\(call.name)' needs a list of numbers, found \(item.typeName) in it", argument: 0)
                }
                numbers.append(number)
            }
        } else {
            for index in 0..<call.count { numbers.append(try call.number(index)) }
        }
        return numbers.dropFirst().reduce(numbers[0]) { keepsFirst($0, $1) ? $0 : $1 }
    }
}

/// `round(x, digits)` as a person expects it: 1.005 to 2 digits is 1.01 (halves away from zero),
/// although the double nearest 1.005 is slightly below it.
enum Rounding {
    static func round(_ value: Double, digits: Int) -> Double {
        if digits == 0 { return value.rounded(.toNearestOrAwayFromZero) }
        // Rounding to tens or hundreds, or a number too large to have fraction digits: plain arithmetic.
        if digits < 0 || value.magnitude >= 1e15 {
            let scale = pow(10, Double(digits))
            let rounded = (value * scale).rounded(.toNearestOrAwayFromZero) / scale
            return rounded.isFinite ? rounded : value
        }
        // The shortest decimal text of the double is what the person wrote or saw; round that.
        guard let rounded = Double(roundedText(PlainNumber.text(value), digits: digits)) else { return value }
        if rounded == 0 { return 0 }  // -0.004 to 2 digits is 0, not -0
        return rounded.isFinite ? rounded : value
    }

    /// `text` (plain decimal digits, perhaps a sign and a point) rounded to `digits` fraction
    /// digits, halves away from zero, on its digits: "1.005" at 2 is "1.01".
    static func roundedText(_ text: String, digits: Int) -> String {
        var characters = Array(text.utf8)
        let negative = characters.first == UInt8(ascii: "-")
        if negative { characters.removeFirst() }
        guard let point = characters.firstIndex(of: UInt8(ascii: ".")), characters.count - point - 1 > digits, digits >= 0 else { return text }
        let roundsUp = characters[point + 1 + digits] >= UInt8(ascii: "5")
        var kept = Array(characters[..<point]) + Array(characters[(point + 1)..<(point + 1 + digits)])
        if roundsUp {
            var index = kept.count - 1
            while index >= 0 {
                if kept[index] == UInt8(ascii: "9") {
                    kept[index] = UInt8(ascii: "0")
                    index -= 1
                } else {
                    kept[index] += 1
                    break
                }
            }
            if index < 0 { kept.insert(UInt8(ascii: "1"), at: 0) }
        }
        let whole = kept.count - digits
        let result = String(decoding: kept[..<whole], as: UTF8.self)
            + (digits > 0 ? "." + String(decoding: kept[whole...], as: UTF8.self) : "")
        return negative ? "-" + result : result
    }
}
