import Foundation

/// A regular expression a whole text must match, in ICU's syntax (as `NSRegularExpression` reads
/// it), with a bound on the work one match may take.
///
/// Validation runs on the thread that paints, at each key once a field shows an error. A pattern
/// that backtracks without end on some texts, `(a+)+b` on thirty `a`s and a `c`, would hold that
/// thread for minutes. ICU reports progress every few thousand backtracking steps while it
/// matches; a match that needs more than `progressReportLimit` reports is stopped, and the text
/// is `.undecided`: neither shown to match nor not to.
public struct TextPattern: Sendable {
    /// What matching one text found.
    public enum Verdict: Sendable, Equatable {
        case matches
        case doesNotMatch
        /// The match took more steps than a frame can spare.
        case undecided
    }

    /// About a million backtracking steps: a few milliseconds for any pattern a form needs.
    public static let progressReportLimit = 100

    /// The pattern as written.
    public let source: String
    private let wholeText: NSRegularExpression

    /// Compiles `source`, or returns nil when ICU does not read it as a regular expression. The
    /// source is read alone first: wrapped in a group, `a)|(b` would read as two alternatives.
    public init?(_ source: String) {
        guard (try? NSRegularExpression(pattern: source)) != nil,
              let wholeText = try? NSRegularExpression(pattern: "^(?:\(source))$") else { return nil }
        self.source = source
        self.wholeText = wholeText
    }

    /// Whether all of `text`, from its first character to its last, matches.
    public func verdict(for text: String) -> Verdict {
        var verdict = Verdict.doesNotMatch
        var reports = 0
        let whole = NSRange(location: 0, length: (text as NSString).length)
        wholeText.enumerateMatches(in: text, options: [.reportProgress], range: whole) { match, _, stop in
            if match != nil {
                verdict = .matches
                stop.pointee = true
            } else {
                reports += 1
                if reports > Self.progressReportLimit {
                    verdict = .undecided
                    stop.pointee = true
                }
            }
        }
        return verdict
    }
}
