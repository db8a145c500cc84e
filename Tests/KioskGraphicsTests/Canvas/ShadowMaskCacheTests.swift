import KioskGraphics
import Testing

struct ShadowMaskCacheTests {
    @Test func masksAreMadeOncePerShape() {
        let cache = ShadowMaskCache()
        let canvas = Canvas(surface: Surface(width: 100, height: 100), shadowMasks: cache)
        let shadow = Shadow(opacity: 0.2, offset: Size(width: 0, height: 4), radius: 8)
        for x in [10.0, 20, 30] {
            canvas.drawShadow(shadow, ofRoundedRect: Rect(x: x, y: 10, width: 40, height: 30), radius: 6)
        }
        #expect(cache.misses == 1)
        canvas.drawShadow(shadow, ofRoundedRect: Rect(x: 10, y: 10, width: 41, height: 30), radius: 6)
        #expect(cache.misses == 2)
        #expect(cache.count == 2)
    }

    @Test func theCacheIsBounded() {
        let cache = ShadowMaskCache(capacity: 3)
        let canvas = Canvas(surface: Surface(width: 50, height: 50), shadowMasks: cache)
        for width in 10..<20 {
            canvas.drawShadow(Shadow(opacity: 1, offset: .zero, radius: 4),
                              ofRoundedRect: Rect(x: 5, y: 5, width: Double(width), height: 10), radius: 2)
        }
        #expect(cache.count == 3)
    }
}
