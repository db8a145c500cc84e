import KioskGraphics
import Testing

/// The encoder: sizes, capacity at each level, and the modules it reports.
struct QRCodeTests {
    @Test func aShortTextMakesTheSmallestCode() throws {
        let code = try QRCode(text: "HELLO", errorCorrection: .low)
        #expect(code.version == 1)
        #expect(code.size == 21)
        #expect(code.errorCorrection == .low)
    }

    /// Every code has its three finder patterns: a dark 7×7 ring around a dark 3×3 centre.
    @Test func theFinderPatternsAreInTheirCorners() throws {
        let code = try QRCode(text: "https://example.com/pay?order=1042")
        for (left, top) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            for y in 0..<7 {
                for x in 0..<7 {
                    let ring = x == 0 || x == 6 || y == 0 || y == 6
                    let centre = (2...4).contains(x) && (2...4).contains(y)
                    #expect(code.isDark(x: left + x, y: top + y) == (ring || centre), "finder at (\(left), \(top)), module (\(x), \(y))")
                }
            }
        }
    }

    @Test func aHigherLevelNeedsALargerCodeForTheSameText() throws {
        let text = String(repeating: "kiosk ", count: 40)
        let low = try QRCode(text: text, errorCorrection: .low), high = try QRCode(text: text, errorCorrection: .high)
        #expect(high.version > low.version)
        #expect(high.size == 17 + 4 * high.version)
    }

    @Test(arguments: QRCode.ErrorCorrection.allCases)
    func theByteCapacityFitsAndOneMoreByteDoesNot(_ level: QRCode.ErrorCorrection) throws {
        let fits = try QRCode(text: String(repeating: "a", count: level.byteCapacity), errorCorrection: level)
        #expect(fits.version == 40)
        let bytes = level.byteCapacity + 1
        #expect(throws: QRCode.EncodingError.tooLong(bytes: bytes, level: level)) {
            try QRCode(text: String(repeating: "a", count: bytes), errorCorrection: level)
        }
    }

    @Test func theTooLongMessageSaysHowMuchFitsAndWhatToDo() {
        let message = QRCode.EncodingError.tooLong(bytes: 3000, level: .medium).description
        #expect(message.contains("3000 bytes"))
        #expect(message.contains("at most 2331 bytes"))
        #expect(message.contains("lower level (L holds 2953)"))
    }

    /// Multi-byte characters count by their UTF-8 bytes: 1000 "ü" are 2000 bytes.
    @Test func capacityCountsUTF8Bytes() throws {
        #expect(throws: QRCode.EncodingError.tooLong(bytes: 2000, level: .high)) {
            try QRCode(text: String(repeating: "ü", count: 1000), errorCorrection: .high)
        }
        _ = try QRCode(text: String(repeating: "ü", count: 1000), errorCorrection: .low)
    }

    @Test func aTextWithANULIsEncodedWhole() throws {
        let withNUL = try QRCode(text: "a\u{0}" + String(repeating: "b", count: 60), errorCorrection: .low)
        let cut = try QRCode(text: "a", errorCorrection: .low)
        #expect(withNUL.version > cut.version)
    }

    @Test func darkRunsCoverExactlyTheDarkModules() throws {
        let code = try QRCode(text: "Größe – 駐車 – ✓")
        for y in 0..<code.size {
            var fromRuns = Array(repeating: false, count: code.size)
            for run in code.darkRuns(inRow: y) { for x in run { fromRuns[x] = true } }
            #expect(fromRuns == (0..<code.size).map { code.isDark(x: $0, y: y) }, "row \(y)")
        }
    }
}
