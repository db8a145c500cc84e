import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// A rasterized subtree keeps its picture only while it asks to be rasterized.
struct RasterCacheTests {
    @Test func aViewThatStopsRasterizingLetsItsPictureGo() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 160, height: 120))
        root.backgroundColor = .white
        let card = View(frame: Rect(x: 20, y: 20, width: 100, height: 60))
        card.backgroundColor = .systemBlue
        card.cornerRadius = 12
        card.rasterize = true
        root.addSubview(card)
        let display = HeadlessDisplay(size: Size(width: 160, height: 120), rootView: root)
        try display.renderUntilIdle()
        #expect(card.rasterCache != nil)

        card.rasterize = false
        #expect(card.rasterCache == nil)
        try display.renderUntilIdle()
        #expect(card.rasterCache == nil)
        let partial = try #require(display.output.frontSurface)
        #expect(partial.difference(from: display.compositor.renderFullFrame()).isEmpty)

        card.rasterize = true
        try display.renderUntilIdle()
        #expect(card.rasterCache != nil)
    }
}
