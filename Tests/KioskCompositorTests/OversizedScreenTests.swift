import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// A screen larger than any surface cairo can make (a Swift program may ask for one; the config
/// cannot) is painted up to the surface's edge: no empty pixel memory unwrapped, no copy past it.
struct OversizedScreenTests {
    @Test func aScreenWiderThanCairosLimitRendersUpToIt() throws {
        let root = View()
        root.backgroundColor = Color(hex: 0x336699)
        let display = HeadlessDisplay(size: Size(width: 40_000, height: 16), rootView: root)
        try display.renderUntilIdle()
        let frame = display.compositor.shadowBuffer
        #expect(frame.width == Surface.maximumSide)
        #expect(frame.pixel(x: frame.width - 1, y: 0) == 0xFF33_6699)
        #expect(display.compositor.lastDamage.contains(PixelRect(x: 0, y: 0, width: frame.width, height: 16)))
    }

    @Test func aScreenOfNoPixelsRendersNothingAndLives() throws {
        let display = HeadlessDisplay(size: Size(width: 0, height: 0), rootView: View())
        try display.renderUntilIdle()
        #expect(display.compositor.shadowBuffer.width == 1)
    }
}
