import KioskGraphics
import Testing

/// Pango measures in 32-bit units: numbers beyond them are held at the edge, never converted
/// unchecked (which stops the process).
struct TextLayoutLimitsTests {
    @Test func aWidthBeyondPangoUnitsWrapsNothing() {
        let layout = TextLayout(text: "The quick brown fox jumps over the lazy dog", font: .style(.body))
        let natural = layout.measure(width: nil)
        layout.setWidth(3e9)
        #expect(layout.lineCount == 1)
        #expect(layout.measure(width: 1e300).height == natural.height)
        layout.setWidth(.infinity)
        layout.setWidth(.nan)
        #expect(layout.lineCount >= 1)
    }

    @Test func aLineLimitBeyond32BitsIsNoLimit() {
        let layout = TextLayout(text: String(repeating: "word ", count: 60), font: .style(.body))
        layout.setWidth(100)
        layout.setMaxLines(3_000_000_000)
        #expect(layout.lineCount > 2)
        #expect(!layout.isEllipsized)
    }

    @Test func aPointFarOutsideFindsTheLastCharacter() {
        let layout = TextLayout(text: "Hello", font: .style(.body))
        #expect(layout.characterIndex(at: Point(x: 1e12, y: 0)) == 5)
        #expect(layout.characterIndex(at: Point(x: -1e12, y: 0)) == 0)
    }

    @Test func saturatingConversionHoldsEveryDouble() {
        #expect(Int32(saturating: 3e9) == .max)
        #expect(Int32(saturating: -3e9) == .min)
        #expect(Int32(saturating: .nan) == 0)
        #expect(Int(saturating: .infinity) == .max)
        #expect(Int(saturating: 1e19) == .max)
        #expect(Int(saturating: 42.9) == 42)
        // Int's own version: the edges of its range, and what lies just inside them.
        #expect(Int(saturating: -.infinity) == .min)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: -9_223_372_036_854_775_808.0) == .min)
        #expect(Int(saturating: 9_223_372_036_854_775_808.0) == .max)
        #expect(Int(saturating: 9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)
        #expect(Int(saturating: -42.9) == -42)
    }
}
