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

/// A faint shadow's blur ends in values that its alpha multiplies down to nothing: where it can
/// change a pixel is smaller than where its mask reaches, and exactly that.
struct ShadowInkTests {
    @Test(arguments: [(0.2, 16.0), (0.05, 8.0), (1.0, 4.0), (0.5, 0.0)])
    func theShadowChangesPixelsOnlyInsideItsInk(opacity: Double, blur: Double) throws {
        let size = 220
        let shadow = Shadow(opacity: opacity, offset: Size(width: 3, height: 4), radius: blur)
        let shape = Rect(x: 60, y: 50, width: 100, height: 90)
        let surface = Surface(width: size, height: size)
        let canvas = Canvas(surface: surface, shadowMasks: ShadowMaskCache())
        // Under the shadow: a backdrop of varied colours, as a gradient or a photo would be.
        for y in 0..<size {
            canvas.fill(Rect(x: 0, y: Double(y), width: Double(size), height: 1),
                        color: RGBA(red: Double(y) / Double(size), green: 0.6, blue: 1 - Double(y) / Double(size)))
        }
        let before = surface.copy()
        let ink = canvas.shadowInk(shadow, ofRoundedRect: shape, radius: 12)
        canvas.drawShadow(shadow, ofRoundedRect: shape, radius: 12)
        #expect(ink.width <= shadow.bounds(of: shape).width && ink.height <= shadow.bounds(of: shape).height)
        var changed = (minX: size, minY: size, maxX: -1, maxY: -1)
        for y in 0..<size {
            for x in 0..<size where surface.pixel(x: x, y: y) != before.pixel(x: x, y: y) {
                changed = (min(changed.minX, x), min(changed.minY, y), max(changed.maxX, x), max(changed.maxY, y))
            }
        }
        // Every changed pixel is inside the ink, and the ink reaches no further than they do.
        let changedBox = Rect(x: Double(changed.minX), y: Double(changed.minY),
                              width: Double(changed.maxX - changed.minX + 1), height: Double(changed.maxY - changed.minY + 1))
        #expect(ink.contains(changedBox), "ink \(ink), changed \(changedBox)")
        #expect(changedBox.insetBy(dx: -1, dy: -1).contains(ink) || opacity >= 1, "ink \(ink), changed \(changedBox)")
        if opacity < 1 && blur >= 8 {
            #expect(ink.width < shadow.bounds(of: shape).width, "a faint blurred shadow's ink is smaller than its reach")
        }
    }
}
