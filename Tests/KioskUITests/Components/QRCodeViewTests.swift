import KioskGraphics
import KioskUI
import Testing

/// The view's geometry: whole modules, centred on whole pixels; and what it does with a text that
/// does not fit.
@MainActor
struct QRCodeViewTests {
    /// 21 modules and a quiet zone of 4 make 29; 300 points hold 10 whole pixels a module.
    @Test func modulesAreTheLargestWholeSizeThatFits() throws {
        let view = QRCodeView(text: "HELLO", errorCorrection: .low)
        view.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        let (square, moduleSize) = try #require(view.symbolLayout())
        #expect(moduleSize == 10)
        #expect(square == Rect(x: 5, y: 5, width: 290, height: 290))
    }

    @Test func theSquareIsCentredInTheShorterSideOnWholeDevicePixels() throws {
        let view = QRCodeView(text: "HELLO", errorCorrection: .low)
        view.quietZone = 2
        view.frame = Rect(x: 0, y: 0, width: 400, height: 101)
        // 25 modules in 101 points: 4 a module, a 100-point square, centred at x 150, y 0.5 → 0.
        let (square, moduleSize) = try #require(view.symbolLayout())
        #expect(moduleSize == 4)
        #expect(square == Rect(x: 150, y: 0, width: 100, height: 100))
        // Drawn where the canvas is shifted by a fraction, the corner still lands on a whole pixel.
        let (shifted, _) = try #require(view.symbolLayout(in: AffineTransform(translationX: 10.25, y: 3.5)))
        #expect(shifted.minX + 10.25 == (shifted.minX + 10.25).rounded())
        #expect(shifted.minY + 3.5 == (shifted.minY + 3.5).rounded())
    }

    @Test func aViewSmallerThanAPixelAModuleHasNoLayout() {
        let view = QRCodeView(text: "HELLO", errorCorrection: .low)
        view.frame = Rect(x: 0, y: 0, width: 28, height: 28)
        #expect(view.symbolLayout() == nil)
    }

    @Test func aTextTooLongShowsNoCodeAndSaysWhy() {
        let view = QRCodeView(text: String(repeating: "x", count: 2400), errorCorrection: .medium)
        #expect(view.code == nil)
        #expect(view.encodingError == .tooLong(bytes: 2400, level: .medium))
        view.errorCorrection = .low
        #expect(view.code != nil)
        #expect(view.encodingError == nil)
    }

    @Test func anEmptyTextIsNoError() {
        let view = QRCodeView()
        #expect(view.code == nil)
        #expect(view.encodingError == nil)
    }

    @Test func aNegativeQuietZoneIsNone() {
        let view = QRCodeView(text: "HELLO")
        view.quietZone = -3
        #expect(view.quietZone == 0)
    }
}
