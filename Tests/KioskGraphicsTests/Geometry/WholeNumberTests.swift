import KioskGraphics
import Testing

/// One notion of a whole number serves config integers, pixel alignment and the way numbers print.
struct WholeNumberTests {
    @Test func aWholeNumberHasNoFractionAndIsFinite() {
        #expect(3.0.isWhole && (-2.0).isWhole && 0.0.isWhole)
        #expect(!2.5.isWhole)
        #expect(!(3 + 1e-12).isWhole, "exact unless a tolerance is given")
        #expect(!Double.nan.isWhole && !Double.infinity.isWhole && !(-Double.infinity).isWhole)
    }

    @Test func aToleranceAcceptsTheRoundingOfATransform() {
        #expect((0.1 * 3 * 10).isWhole(within: 1e-9), "0.1 × 3 × 10 is 3.0000000000000004")
        #expect(!(0.1 * 3 * 10).isWhole)
        #expect(!10.001.isWhole(within: 1e-9))
        #expect(!Double.infinity.isWhole(within: 1e-9))
    }

    @Test func wholeNumbersPrintWithoutAFraction() {
        #expect(12.0.compact == "12")
        #expect((-0.0).compact == "0")
        #expect(12.5.compact == "12.5")
        #expect(1e15.compact == "1000000000000000.0", "beyond what prints as a plain integer")
        #expect(Double.infinity.compact == "inf")
    }
}
