import KioskGraphics
import Testing

/// cairo has no pixels for an empty surface nor for one beyond its limits: a surface asked for
/// with such a size is still one that can be painted and read.
struct SurfaceLimitsTests {
    @Test func anEmptySurfaceHasPixels() {
        let surface = Surface(width: 0, height: 0, format: .xrgb8888)
        #expect(surface.width == 1 && surface.height == 1)
        #expect(surface.pixel(x: 0, y: 0) == 0xFF00_0000)
    }

    @Test func aSideBeyondCairosLimitIsHeldAtIt() {
        let surface = Surface(width: 40_000, height: 1, format: .a8)
        #expect(surface.width == Surface.maximumSide)
        #expect(surface.pixel(x: Surface.maximumSide - 1, y: 0) == 0)
    }

    @Test func aRectangleBeyond32BitsIsCutAtTheirEdge() {
        var region = Region(PixelRect(x: 0, y: 0, width: 10, height: 10))
        region.add(PixelRect(x: 5_000_000_000, y: 0, width: 10, height: 10))
        region.intersect(PixelRect(x: -5_000_000_000, y: -5_000_000_000, width: 10_000_000_000, height: 10_000_000_000))
        #expect(region.intersects(PixelRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(PixelRect(covering: Rect(x: 0, y: 0, width: 1e300, height: 1)).width == Int.max)
    }
}
