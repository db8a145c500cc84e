import Testing
@testable import KioskRuntime

@Suite struct StringJoiningTests {
    @Test(arguments: [[], [""], ["", ""], ["", "READY=1"], ["READY=1", ""], ["READY=1"], ["READY=1", "STATUS=showing home", "X"]])
    func givesWhatJoinedGives(_ strings: [String]) {
        #expect(strings.concatenated(separator: "\n") == strings.joined(separator: "\n"))
        #expect(strings.concatenated(separator: ", ") == strings.joined(separator: ", "))
        #expect(strings.concatenated() == strings.joined())
    }

    @Test func keepsEveryCharacter() {
        let strings = ["é", "\u{301}", "🇫🇷", "a\u{0}b", ""]
        #expect(strings.concatenated(separator: "\u{301}") == "é\u{301}\u{301}\u{301}🇫🇷\u{301}a\u{0}b\u{301}")
        #expect(Array(strings.concatenated().utf8) == Array(strings.joined().utf8))
    }
}
