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

    /// The count alone let masks that grow with their views fill the same slots with ever more
    /// memory: the budget holds the bytes too, least recently used first.
    @Test func theCacheKeepsToItsByteBudget() {
        let budget = 256 * 1024
        let cache = ShadowMaskCache(capacity: 64, byteBudget: budget)
        let canvas = Canvas(surface: Surface(width: 400, height: 400), shadowMasks: cache)
        let shadow = Shadow(opacity: 1, offset: .zero, radius: 4)
        for side in stride(from: 100.0, to: 300, by: 10) {
            canvas.drawShadow(shadow, ofRoundedRect: Rect(x: 5, y: 5, width: side, height: side), radius: 2)
            #expect(cache.bytes <= budget)
        }
        #expect(cache.count < 20)
        #expect(cache.count >= 1)
        // The most recent shape is still kept: drawing it again renders nothing.
        let misses = cache.misses
        canvas.drawShadow(shadow, ofRoundedRect: Rect(x: 5, y: 5, width: 290, height: 290), radius: 2)
        #expect(cache.misses == misses)
    }

    @Test func aMaskLargerThanTheBudgetIsStillReused() {
        let cache = ShadowMaskCache(capacity: 8, byteBudget: 1024)
        let canvas = Canvas(surface: Surface(width: 200, height: 200), shadowMasks: cache)
        let shadow = Shadow(opacity: 1, offset: .zero, radius: 4)
        for _ in 0..<3 {
            canvas.drawShadow(shadow, ofRoundedRect: Rect(x: 5, y: 5, width: 150, height: 150), radius: 2)
        }
        #expect(cache.misses == 1)
        #expect(cache.count == 1)
    }
}
