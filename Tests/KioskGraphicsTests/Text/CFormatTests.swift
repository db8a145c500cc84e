import KioskGraphics
import Testing

@Suite struct CFormatTests {
    @Test func numbersAreWrittenAsCWritesThem() {
        #expect(String(cFormat: "%.1f px", 2.25) == "2.2 px")           // C rounds the binary value, 2.25 is exact: to even
        #expect(String(cFormat: "%.2f Hz", 59.951) == "59.95 Hz")
        #expect(String(cFormat: "%ld of %ld", 3, 4) == "3 of 4")
        #expect(String(cFormat: "%.1f", Double.nan) == "nan")
        #expect(String(cFormat: "%.0f", 1e12) == "1000000000000")
    }

    /// Past the first buffer the text is written again into one large enough.
    @Test func aLongResultIsWrittenWhole() {
        let text = String(cFormat: "%.300f", 1.0)
        #expect(text.count == 302 && text.hasPrefix("1.000") && text.hasSuffix("000"))
    }
}
