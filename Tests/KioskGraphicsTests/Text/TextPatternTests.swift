import Testing
import KioskGraphics

/// A pattern is matched against the whole text, in ICU's syntax, and a match that backtracks
/// without end is stopped and undecided instead of holding the thread that paints.
@Suite struct TextPatternTests {
    @Test func theWholeTextMustMatch() throws {
        let digits = try #require(TextPattern("[0-9]{4}"))
        #expect(digits.verdict(for: "1234") == .matches)
        #expect(digits.verdict(for: "12345") == .doesNotMatch)
        #expect(digits.verdict(for: "x1234") == .doesNotMatch)
        #expect(digits.verdict(for: "") == .doesNotMatch)
        // Alternatives are grouped before the anchors: "a|b" is not "^a|b$".
        let either = try #require(TextPattern("ab|cd"))
        #expect(either.verdict(for: "abX") == .doesNotMatch)
        #expect(either.verdict(for: "Xcd") == .doesNotMatch)
        #expect(either.verdict(for: "cd") == .matches)
        // Characters beyond the basic plane count as one.
        #expect(try #require(TextPattern(".{2}")).verdict(for: "😀é") == .matches)
    }

    @Test func patternsICUDoesNotReadAreRefused() {
        #expect(TextPattern("[a-") == nil)
        #expect(TextPattern("(") == nil)
        #expect(TextPattern("a{2,1}") == nil)
        #expect(TextPattern("(?<=a+)b") == nil)  // ICU's look-behind must be bounded
        #expect(TextPattern("[0-9]{,4}") == nil)  // Swift's Regex reads it; ICU does not
        #expect(TextPattern("(?<![0-9])x") != nil)  // and the other way round
        #expect(TextPattern("[[:alpha:]]+") != nil)
        // Unbalanced alone, balanced only by the group the whole-text match wraps it in.
        #expect(TextPattern("a)|(b") == nil)
        #expect(TextPattern(")(") == nil)
    }

    @Test(arguments: ["(a+)+b", "(a|a)+b", "(a|aa)+$b", "(.*a){20}b"])
    func catastrophicBacktrackingIsStopped(pattern: String) throws {
        let expression = try #require(TextPattern(pattern))
        // Unbounded, each of these takes hours on this text (2^60 ways to split the a's).
        let text = String(repeating: "a", count: 60) + "c"
        #expect(expression.verdict(for: text) == .undecided)
        // The same pattern still decides the texts it can.
        #expect(expression.verdict(for: "ac") == .doesNotMatch)
    }
}
