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
