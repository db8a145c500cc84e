import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// Changes that move what a view draws inside bounds that stay the same must still repaint it:
/// the partial frame has to equal a full repaint.
struct ContentRepaintTests {
    /// A fixed-size symbol given padding draws smaller; its frame does not change, so only its own
    /// damage can bring the new picture to screen.
    @Test func paddingAFixedSizeImageRedrawsItsContent() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 120, height: 80))
        root.backgroundColor = .white
        let icon = ImageView(symbol: .gear, tint: .systemBlue)
        icon.frame = Rect(x: 20, y: 16, width: 48, height: 48)
        root.addSubview(icon)
        let display = HeadlessDisplay(size: Size(width: 120, height: 80), rootView: root)
        try display.renderUntilIdle()

        icon.padding = EdgeInsets(all: 16)
        #expect(try display.renderUntilIdle() == 1)
        let partial = try #require(display.output.frontSurface)
        let full = display.compositor.renderFullFrame()
        #expect(GoldenImage.compare(partial, full, tolerance: 0).differingPixels == 0)
    }
}
