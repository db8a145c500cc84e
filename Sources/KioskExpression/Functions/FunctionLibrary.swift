import Foundation

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
        case "trim": return .text((try call.text(0)).trimmingCharacters(in: .whitespacesAndNewlines))
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
        guard var decimal = Decimal(string: PlainNumber.text(value), locale: Locale(identifier: "en_US_POSIX")) else { return value }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &decimal, digits, .plain)
        let result = NSDecimalNumber(decimal: rounded).doubleValue
        return result.isFinite ? result : value
    }
}
