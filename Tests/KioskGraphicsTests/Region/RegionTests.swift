import KioskGraphics
import Testing

struct RegionTests {
    @Test func unionKeepsDisjointRectanglesApart() {
        var region = Region()
        region.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
        region.add(PixelRect(x: 100, y: 100, width: 5, height: 5))
        #expect(region.area == 125)
        #expect(region.bounds == PixelRect(x: 0, y: 0, width: 105, height: 105))
        #expect(region.contains(x: 102, y: 102))
        #expect(!region.contains(x: 50, y: 50))
    }

    @Test func overlappingRectanglesCountOnce() {
        var region = Region(PixelRect(x: 0, y: 0, width: 10, height: 10))
        region.add(PixelRect(x: 5, y: 5, width: 10, height: 10))
        #expect(region.area == 175)
    }

    @Test func copiesAreIndependent() {
        let original = Region(PixelRect(x: 0, y: 0, width: 4, height: 4))
        var copy = original
        copy.add(PixelRect(x: 10, y: 10, width: 4, height: 4))
        #expect(original.area == 16)
        #expect(copy.area == 32)
        copy.removeAll()
        #expect(copy.isEmpty)
        #expect(!original.isEmpty)
    }

    @Test func subtractAndIntersect() {
        var region = Region(PixelRect(x: 0, y: 0, width: 10, height: 10))
        region.subtract(Region(PixelRect(x: 0, y: 0, width: 5, height: 10)))
        #expect(region.area == 50)
        region.intersect(PixelRect(x: 0, y: 0, width: 7, height: 7))
        #expect(region.rects == [PixelRect(x: 5, y: 0, width: 2, height: 7)])
    }

    @Test func snappingToPixelsGoesOutward() {
        #expect(PixelRect(covering: Rect(x: 0.5, y: 1.2, width: 2, height: 2)) == PixelRect(x: 0, y: 1, width: 3, height: 3))
        #expect(PixelRect(covering: Rect(x: 3, y: 3, width: 2, height: 2)) == PixelRect(x: 3, y: 3, width: 2, height: 2))
    }
}
