/// The checks that keep what an evaluation builds within `ExpressionLimits`.
enum ValueBounds {
    static func tooManyItems(_ count: Int, at span: ExpressionSpan) -> ExpressionError {
        ExpressionError("the list would have \(count) items, more than \(ExpressionLimits.listItems)", at: span)
    }

    /// `text`, refused when it is longer than `ExpressionLimits.textBytes`.
    static func text(_ text: String, at span: ExpressionSpan) throws(ExpressionError) -> ExpressionValue {
        let bytes = text.utf8.count
        guard bytes <= ExpressionLimits.textBytes else {
            throw ExpressionError("the text would be \(bytes) bytes long, more than \(ExpressionLimits.textBytes)", at: span)
        }
        return .text(text)
    }

    /// `value`, refused when it holds more than `ExpressionLimits.valueItems` items in all; counted
    /// no further than the limit.
    static func heldItems(_ value: ExpressionValue, at span: ExpressionSpan) throws(ExpressionError) -> ExpressionValue {
        var remaining = ExpressionLimits.valueItems
        guard fits(value, within: &remaining) else {
            throw ExpressionError("the value would hold more than \(ExpressionLimits.valueItems) items in all (the lists and records "
                                  + "within it counted each time they appear)", at: span)
        }
        return value
    }

    private static func fits(_ value: ExpressionValue, within remaining: inout Int) -> Bool {
        switch value {
        case .list(let items):
            remaining -= items.count
            guard remaining >= 0 else { return false }
            for item in items where !fits(item, within: &remaining) { return false }
        case .record(let fields):
            remaining -= fields.count
            guard remaining >= 0 else { return false }
            for item in fields.values where !fits(item, within: &remaining) { return false }
        case .null, .bool, .number, .text:
            break
        }
        return true
    }

    /// The error for a text found too long while it was being written (its whole length unknown).
    static func textTooLong(at span: ExpressionSpan) -> ExpressionError {
        ExpressionError("the text would be more than \(ExpressionLimits.textBytes) bytes long", at: span)
    }

    /// A finite result, or the error naming the operation that overflowed.
    static func finite(_ number: Double, from operation: String, at span: ExpressionSpan) throws(ExpressionError) -> ExpressionValue {
        guard number.isFinite else {
            throw ExpressionError("the result of \(operation) is not a finite number", at: span)
        }
        return .number(number)
    }
}
