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

    /// A view that draws only what its rectangle needs (a ring leaves out arc pieces off the rows
    /// being painted) is told the rectangle on the cache's canvas, not on the screen: the cached
    /// picture is the whole view, whatever its place.
    @Test func aRasterizedRingPaintsAsItWouldUncached() throws {
        func render(rasterized: Bool) throws -> Surface {
            let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            root.backgroundColor = .white
            let ring = ProgressView(value: 0.72)
            ring.frame = Rect(x: 140, y: 110, width: 120, height: 120)
            ring.rasterize = rasterized
            root.addSubview(ring)
            let display = HeadlessDisplay(size: Size(width: 400, height: 300), rootView: root)
            try display.renderUntilIdle()
            ring.value = 0.3
            try display.renderUntilIdle()
            return try #require(display.output.frontSurface)
        }
        let cached = try render(rasterized: true)
        let painted = try render(rasterized: false)
        #expect(cached.difference(from: painted, tolerance: 1).isEmpty)  // 1: the cache is premultiplied
    }
}
