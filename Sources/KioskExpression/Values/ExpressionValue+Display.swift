/// The `${…}` form of values: plain, with no locale, the same on every kiosk.
extension ExpressionValue {
    /// Numbers shortest plain (2, 0.75, -3.5, no exponent, no locale), null → "", bools true/false,
    /// lists joined with ", ", records as compact JSON (keys sorted, so the text is stable).
    /// Unbounded: text an evaluation builds uses `displayText(limit:)`.
    public var displayText: String {
        var writer = BoundedTextWriter(limit: .max)
        _ = writer.writeDisplay(of: self)
        return writer.text
    }

    /// Compact JSON, keys sorted.
    var jsonText: String {
        var writer = BoundedTextWriter(limit: .max)
        _ = writer.writeJSON(of: self)
        return writer.text
    }

    /// The display text of a value that holds no others; nil for a list or a record.
    var scalarDisplayText: String? {
        switch self {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .number(let value): PlainNumber.text(value)
        case .text(let value): value
        case .list, .record: nil
        }
    }

    /// The JSON of a value that holds no others; nil for a list or a record.
    var scalarJSONText: String? {
        switch self {
        case .null: "null"
        case .text(let value): Self.jsonQuoted(value)
        case .bool, .number: scalarDisplayText
        case .list, .record: nil
        }
    }

    /// `text` as a JSON string, quoted and escaped. The control socket's JSON writes its strings
    /// with it too.
    public static func jsonQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// Shortest round-trip digits, written out in full: Swift's `description` finds the shortest digits
/// that read back as the same double; this only moves the decimal point instead of writing `e+21`.
enum PlainNumber {
    /// A number as a message quotes it: plain when that is short, else with an exponent (`1e300`),
    /// so that an error about a huge index does not print 301 digits.
    static func brief(_ value: Double) -> String {
        let magnitude = value.magnitude
        if magnitude == 0 || (magnitude >= 1e-6 && magnitude < 1e15) || !value.isFinite { return text(value) }
        return String(describing: value).replacing("e+", with: "e")
    }

    static func text(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-infinity" : "infinity") }
        if value == 0 { return "0" }  // -0 too
        let sign = value < 0 ? "-" : ""
        let shortest = String(describing: value.magnitude)
        let mantissa: Substring, exponent: Int
        if let e = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = shortest[..<e]
            exponent = Int(shortest[shortest.index(after: e)...]) ?? 0
        } else {
            mantissa = shortest[...]
            exponent = 0
        }
        let point = mantissa.firstIndex(of: ".")
        let integerDigits = point.map { mantissa[..<$0] } ?? mantissa
        let fractionDigits = point.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        var digits = String(integerDigits + fractionDigits)
        var pointPosition = integerDigits.count + exponent
        // Strip leading zeros ("0.001" → digits "0001") while keeping the point where it belongs.
        while digits.count > 1, digits.first == "0" {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.count > 1, digits.last == "0", digits.count > max(pointPosition, 1) {
            digits.removeLast()
        }
        let body: String
        if pointPosition <= 0 {
            body = "0." + String(repeating: "0", count: -pointPosition) + digits
        } else if pointPosition >= digits.count {
            body = digits + String(repeating: "0", count: pointPosition - digits.count)
        } else {
            let index = digits.index(digits.startIndex, offsetBy: pointPosition)
            body = digits[..<index] + "." + digits[index...]
        }
        return sign + body
    }
}
