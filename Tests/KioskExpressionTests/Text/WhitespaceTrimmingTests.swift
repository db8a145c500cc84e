import Testing
import KioskExpression

@Suite struct WhitespaceTrimmingTests {
    @Test func whiteSpaceAtEitherEndGoes() {
        #expect("  a b \n".trimmingWhitespace() == "a b")
        #expect("\t\r\n x\u{00A0}".trimmingWhitespace() == "x")   // tabs, line ends, no-break space
        #expect("inner  space".trimmingWhitespace() == "inner  space")
        #expect(" \n\t ".trimmingWhitespace() == "")
        #expect("".trimmingWhitespace() == "")
        #expect("a\r\n".trimmingWhitespace() == "a")             // CR LF is one character
    }
}
