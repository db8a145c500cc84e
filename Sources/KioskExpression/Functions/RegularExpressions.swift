import Foundation

/// `matches(text, regex)`: whether the ICU regular expression matches anywhere in the text.
enum RegularExpressions {
    private static let compiled = LockedCache<String, NSRegularExpression?>(capacity: 64)

    /// ICU reports progress about every ten thousand backtracking steps; a pattern that needs more
    /// than this many reports on one text (catastrophic backtracking) is stopped and reported.
    static let progressLimit = 100

    static func matches(_ call: FunctionCall) throws(ExpressionError) -> Bool {
        let text = try call.text(0)
        let pattern = try call.text(1)
        guard text.utf8.count <= ExpressionLimits.regexInputBytes else {
            throw call.error("'matches' searches at most \(ExpressionLimits.regexInputBytes) bytes, found \(text.utf8.count)", argument: 0)
        }
        guard let expression = expression(for: pattern) else {
            throw call.error(invalidPatternMessage(pattern), argument: 1)
        }
        var found = false
        var reports = 0
        let range = NSRange(location: 0, length: (text as NSString).length)
        expression.enumerateMatches(in: text, options: [.reportProgress], range: range) { match, _, stop in
            if match != nil {
                found = true
                stop.pointee = true
            } else {
                reports += 1
                if reports > progressLimit { stop.pointee = true }
            }
        }
        guard found || reports <= progressLimit else {
            throw call.error("the regular expression '\(pattern)' takes too many steps on this text", argument: 1)
        }
        return found
    }

    /// Whether ICU reads `pattern`; the compiled expression is kept for the evaluations to come.
    static func isValid(_ pattern: String) -> Bool {
        expression(for: pattern) != nil
    }

    static func invalidPatternMessage(_ pattern: String) -> String {
        "'\(pattern)' is not a valid regular expression"
    }

    private static func expression(for pattern: String) -> NSRegularExpression? {
        compiled.withValue(for: pattern, make: { try? NSRegularExpression(pattern: pattern) }) { $0 }
    }
}
