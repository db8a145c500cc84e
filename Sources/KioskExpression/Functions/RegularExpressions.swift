
/// `matches(text, regex)`: whether the ICU regular expression matches anywhere in the text.
enum RegularExpressions {
    private static let compiled = LockedCache<String, BoundedRegularExpression?>(capacity: 64)

    static func matches(_ call: FunctionCall) throws(ExpressionError) -> Bool {
        let text = try call.text(0)
        let pattern = try call.text(1)
        guard text.utf8.count <= ExpressionLimits.regexInputBytes else {
            throw call.error("'matches' searches at most \(ExpressionLimits.regexInputBytes) bytes, found \(text.utf8.count)", argument: 0)
        }
        guard let expression = expression(for: pattern) else {
            throw call.error(invalidPatternMessage(pattern), argument: 1)
        }
        switch expression.search(text) {
        case .found: return true
        case .notFound: return false
        case .tooManySteps:
            throw call.error("the regular expression '\(pattern)' takes too many steps on this text", argument: 1)
        }
    }

    /// Whether ICU reads `pattern`; the compiled expression is kept for the evaluations to come.
    static func isValid(_ pattern: String) -> Bool {
        expression(for: pattern) != nil
    }

    static func invalidPatternMessage(_ pattern: String) -> String {
        "'\(pattern)' is not a valid regular expression"
    }

    private static func expression(for pattern: String) -> BoundedRegularExpression? {
        compiled.withValue(for: pattern, make: { BoundedRegularExpression(pattern) }) { $0 }
    }
}
