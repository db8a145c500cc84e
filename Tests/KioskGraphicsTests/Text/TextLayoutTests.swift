import KioskGraphics
import Testing

struct TextLayoutTests {
    @Test func wrappingMakesMoreLinesInLessWidth() {
        let layout = TextLayout(text: "The quick brown fox jumps over the lazy dog", font: .style(.body))
        let oneLine = layout.measure(width: nil)
        let wrapped = layout.measure(width: 120)
        #expect(layout.lineCount >= 1)
        #expect(wrapped.width <= 120)
        #expect(wrapped.height > oneLine.height * 2)
    }

    @Test func textScaleMultipliesStyleSizes() {
        #expect(Font.style(.headline).size == 17)
        #expect(Font.style(.headline).weight == .semibold)
        #expect(Font.style(.caption2, scale: 1.5).size == 16.5)
        let small = TextLayout(text: "Hello", font: .style(.body)).measure(width: nil)
        let large = TextLayout(text: "Hello", font: .style(.body, scale: 1.5)).measure(width: nil)
        #expect(large.width > small.width * 1.4)
    }

    @Test func maxLinesEllipsizes() {
        let layout = TextLayout(text: String(repeating: "word ", count: 60), font: .style(.body))
        layout.setWidth(100)
        layout.setMaxLines(2)
        #expect(layout.lineCount == 2)
        #expect(layout.isEllipsized)
    }

    @Test func caretPlacementFindsCharacters() {
        let layout = TextLayout(text: "abcdef", font: Font(size: 20))
        let caret = layout.caretRect(atCharacter: 3)
        #expect(layout.characterIndex(at: Point(x: caret.minX + 1, y: 5)) == 3)
        #expect(layout.characterIndex(at: Point(x: 0, y: 5)) == 0)
    }

    @Test func directionIsDetectedFromTheText() {
        #expect(TextLayout(text: "مرحبا", font: .style(.body)).resolvedDirection == .rightToLeft)
        #expect(TextLayout(text: "Hello", font: .style(.body)).resolvedDirection == .leftToRight)
    }
}

/// Left and right put the text on that side whatever its direction, natural on the side it starts
/// from, center in the middle; also after the text changes direction.
struct TextAlignmentTests {
    static let width = 400.0

    /// Where the ink of `text` lies in a 400 pt wide layout aligned `alignment`.
    static func ink(_ text: String, _ alignment: TextAlignment, after earlier: String? = nil) -> Rect {
        let layout = TextLayout(text: earlier ?? text, font: Font(size: 20))
        layout.setWidth(width)
        layout.setAlignment(alignment)
        _ = layout.size
        layout.setText(text)
        return layout.inkRect
    }

    static func isAtLeft(_ ink: Rect) -> Bool { ink.minX < 10 }
    static func isAtRight(_ ink: Rect) -> Bool { ink.maxX > width - 10 }
    static func isCentred(_ ink: Rect) -> Bool { abs(ink.midX - width / 2) < 10 }

    /// Latin text starts at the left, Arabic at the right: where natural alignment puts each.
    @Test(arguments: [nil, "Hello", "مرحبا"])
    func eachAlignmentOnLatinAndArabicText(after earlier: String?) {
        let texts: [(String, startsAtRight: Bool)] = [("Hello, world", false), ("مرحبا بالعالم", true)]
        for (text, startsAtRight) in texts {
            #expect(Self.isAtLeft(Self.ink(text, .left, after: earlier)), "\(text), left")
            #expect(Self.isAtRight(Self.ink(text, .right, after: earlier)), "\(text), right")
            let natural = Self.ink(text, .natural, after: earlier)
            #expect(startsAtRight ? Self.isAtRight(natural) : Self.isAtLeft(natural), "\(text), natural")
            #expect(Self.isCentred(Self.ink(text, .center, after: earlier)), "\(text), center")
        }
    }
}

/// `measure` keeps what it gave at each width until the text, the font or how it wraps changes:
/// after every change, a layout that measured before gives what a new one gives.
struct TextMeasurementTests {
    /// A layout made anew with `layout`'s text and settings, which has measured nothing.
    static func fresh(like layout: TextLayout) -> TextLayout {
        let copy = TextLayout(text: layout.text, font: layout.font)
        copy.setMaxLines(layout.maxLines)
        copy.setWrap(layout.wrap)
        copy.setEllipsize(layout.ellipsize)
        copy.setDirection(layout.direction)
        copy.setAlignment(layout.alignment)
        return copy
    }

    static let widths: [Double?] = [nil, 0, 60, 150, 300]

    @Test func aMeasurementFollowsEveryChange() {
        let layout = TextLayout(text: "Hello", font: Font(size: 20))
        let changes: [(String, () -> Void)] = [
            ("text", { layout.setText("Hello, wide world of many words") }),
            ("font", { layout.setFont(Font(size: 34)) }),
            ("max lines", { layout.setMaxLines(1) }),
            ("wrap", { layout.setWrap(.char) }),
            ("ellipsize", { layout.setEllipsize(.none) }),
            ("direction", { layout.setDirection(.rightToLeft) }),
            ("text again", { layout.setText("مرحبا بالعالم and more words") }),
        ]
        for (change, apply) in [("none", {})] + changes {
            apply()
            let expected = Self.fresh(like: layout)
            for width in Self.widths {
                #expect(layout.measure(width: width) == expected.measure(width: width), "after \(change), at \(String(describing: width))")
                // Asked again, the same answer; and the layout's own width is left as it was.
                #expect(layout.measure(width: width) == expected.measure(width: width), "after \(change), again")
                #expect(layout.width == nil)
            }
        }
    }

    /// Widths no view should propose measure as Pango lays them out (below 0 and NaN as 0: a word a
    /// line), the same from a new layout, and asking at 10,000 widths keeps the answers right.
    @Test func widthsAtTheirBounds() {
        let layout = TextLayout(text: "Hello, wide world of many words", font: Font(size: 20))
        let widestWord = layout.measure(width: 0)
        #expect(widestWord.height > layout.measure(width: nil).height, "a word a line")
        for width: Double in [.nan, -50, -.infinity] {
            #expect(layout.measure(width: width) == widestWord, "at \(width)")
        }
        for width in [Double.nan, -50, 0, 1e12, .infinity, -.infinity] {
            let measured = layout.measure(width: width)
            #expect(measured.width.isFinite && measured.height.isFinite, "at \(width): \(measured)")
            #expect(measured == Self.fresh(like: layout).measure(width: width), "at \(width)")
        }
        let unconstrained = layout.measure(width: nil)
        for index in 0..<10_000 { _ = layout.measure(width: index.isMultiple(of: 2) ? .nan : Double(index)) }
        #expect(layout.measure(width: nil) == unconstrained)
        #expect(layout.width == nil)
    }

    @Test func theLayoutsOwnWidthStillLaysItOut() {
        let layout = TextLayout(text: String(repeating: "word ", count: 30), font: Font(size: 20))
        let narrow = layout.measure(width: 100)
        layout.setWidth(100)
        #expect(layout.size.height == narrow.height)
        layout.setWidth(400)
        #expect(layout.size.height < narrow.height)
        #expect(layout.measure(width: 100) == narrow)
        #expect(layout.width == 400)
    }
}
