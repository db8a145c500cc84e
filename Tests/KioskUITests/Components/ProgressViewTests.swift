import KioskGraphics
@testable import KioskUI
import Testing

/// A ring's percentage damages only the glyphs a value step changes.
struct ProgressViewTests {
    /// The reference dashboard's ring.
    private func ringOnScreen() -> ProgressView {
        let ring = ProgressView(value: 0.42)
        ring.lineWidth = 15
        ring.frame = Rect(x: 93.5, y: 64, width: 200, height: 200)
        return ring
    }

    @Test func aChangedDigitRepaintsThatDigitNotTheWholeText() {
        let ring = ringOnScreen()
        let bothDigits = ring.percentageDamage(from: 0.42, to: 0.57)
        let oneDigit = ring.percentageDamage(from: 0.42, to: 0.43)
        #expect(oneDigit.width < bothDigits.width * 0.75, "\(oneDigit) against \(bothDigits)")
        #expect(oneDigit.height == bothDigits.height)
        // The "4" and the "%" stay where they are: neither end of the text is repainted.
        let wholeTexts = ring.percentageDamage(from: 0.42, to: 1)
        #expect(oneDigit.minX > wholeTexts.minX && oneDigit.maxX < wholeTexts.maxX, "\(oneDigit) against \(wholeTexts)")
    }

    @Test func aTextThatChangesWidthIsRepaintedWhole() {
        let ring = ringOnScreen()
        // "99%" to "100%": every glyph moves.
        let wider = ring.percentageDamage(from: 0.99, to: 1)
        #expect(wider.width > ring.percentageDamage(from: 0.42, to: 0.57).width)
    }
}
