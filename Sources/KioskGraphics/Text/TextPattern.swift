import KioskExpression

/// A regular expression a whole text must match, in ICU's syntax, with a bound on the work one
/// match may take (`BoundedRegularExpression`).
///
/// Validation runs on the thread that paints, at each key once a field shows an error. A match
/// that takes too many steps is `.undecided`: neither shown to match nor not to.
public struct TextPattern: Sendable {
    /// What matching one text found.
    public enum Verdict: Sendable, Equatable {
        case matches
        case doesNotMatch
        /// The match took more steps than a frame can spare.
        case undecided
    }

    /// The pattern as written.
    public let source: String
    private let wholeText: BoundedRegularExpression

    /// Compiles `source`, or returns nil when ICU does not read it as a regular expression. The
    /// source is read alone first: wrapped in a group, `a)|(b` would read as two alternatives.
    public init?(_ source: String) {
        guard BoundedRegularExpression(source) != nil,
              let wholeText = BoundedRegularExpression("^(?:\(source))$") else { return nil }
        self.source = source
        self.wholeText = wholeText
    }

    /// Whether all of `text`, from its first character to its last, matches.
    public func verdict(for text: String) -> Verdict {
        switch wholeText.search(text) {
        case .found: .matches
        case .notFound: .doesNotMatch
        case .tooManySteps: .undecided
        }
    }
}
