import KioskGraphics
import Testing

/// A picture copied in place of drawing holds exactly the pixels drawing gives, and steps aside
/// whenever it could not.
struct BackdropPictureTests {
    static let size = (width: 240, height: 180)
    static let shadow = Shadow(opacity: 0.3, offset: Size(width: 0, height: 4), radius: 12)
    static let card = Rect(x: 60.5, y: 40.25, width: 110, height: 80)

    /// A vertical gradient with another card's shadow reaching under the one drawn: no row of what
    /// is under it is one colour.
    static func backdrop() -> Surface {
        let surface = Surface(width: size.width, height: size.height, format: .xrgb8888)
        let canvas = Canvas(surface: surface)
        canvas.beginPath()
        canvas.addRect(Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
        canvas.fill(.vertical(in: Rect(x: 0, y: 0, width: 1, height: Double(size.height)),
                              from: RGBA(hex: 0xEEF2F7), to: RGBA(hex: 0x64748B)))
        drawCard(Rect(x: 10, y: 30, width: 60, height: 100), on: canvas)
        return surface
    }

    static func drawCard(_ rect: Rect, on canvas: Canvas) {
        canvas.drawShadow(shadow, ofRoundedRect: rect, radius: 10, coveredByShape: true)
        canvas.fill(roundedRect: rect, radius: 10, color: RGBA(hex: 0xFFFFFF))
    }

    static var extent: Rect { shadow.bounds(of: card).union(card) }

    /// Where the pictures are kept, as a compositor keeps them across frames.
    let pictures = PictureCache()

    /// Draws the card through `picture` inside `clip` (device pixels); false when the picture stepped aside.
    func drawThrough(_ picture: BackdropPicture<Int>, on surface: Surface, clip: PixelRect? = nil, key: Int = 1) -> Bool {
        let canvas = Canvas(surface: surface, pictures: pictures)
        if let clip { canvas.clip(toPixels: clip) }
        return picture.draw(into: canvas, extent: Self.extent, opaqueExtent: Self.card.insetBy(dx: 10, dy: 0), key: key) {
            Self.drawCard(Self.card, on: $0)
        }
    }

    static func drawnDirectly(clip: PixelRect? = nil) -> Surface {
        let surface = backdrop()
        let canvas = Canvas(surface: surface)
        if let clip { canvas.clip(toPixels: clip) }
        drawCard(card, on: canvas)
        return surface
    }

    @Test func theCopyHoldsWhatDrawingGives() throws {
        let picture = BackdropPicture<Int>()
        // The first use keeps no picture and draws nothing: the card is drawn as usual.
        let first = Self.backdrop()
        #expect(!drawThrough(picture, on: first))
        #expect(first.difference(from: Self.backdrop()).isEmpty)
        #expect(picture.drawCount == 0)
        #expect(pictures.bytes == 0)
        for _ in 0..<3 {
            let surface = Self.backdrop()
            #expect(drawThrough(picture, on: surface))
            #expect(surface.difference(from: Self.drawnDirectly()).isEmpty)
        }
        #expect(picture.drawCount == 1)
    }

    /// Partial repaints copy part of the picture drawn for the whole: across the shadow, inside the
    /// opaque body, and over the edge of the surface.
    @Test func aPartOfItIsThePartDrawingGives() throws {
        let picture = BackdropPicture<Int>()
        #expect(!drawThrough(picture, on: Self.backdrop()))
        #expect(drawThrough(picture, on: Self.backdrop()))
        for clip in [PixelRect(x: 50, y: 100, width: 90, height: 40), PixelRect(x: 90, y: 60, width: 20, height: 20),
                     PixelRect(x: 0, y: 0, width: 70, height: 50)] {
            let surface = Self.backdrop()
            #expect(drawThrough(picture, on: surface, clip: clip))
            #expect(surface.difference(from: Self.drawnDirectly(clip: clip)).isEmpty)
        }
        #expect(picture.drawCount == 1)
    }

    @Test func itIsDrawnAgainWhenTheKeyOrWhatIsUnderItChanges() throws {
        let picture = BackdropPicture<Int>()
        #expect(!drawThrough(picture, on: Self.backdrop()))
        #expect(drawThrough(picture, on: Self.backdrop()))
        #expect(drawThrough(picture, on: Self.backdrop(), key: 2))
        #expect(picture.drawCount == 2)

        // Something else under the shadow: only part is painted, so it cannot be drawn again there…
        let changed = Self.backdrop()
        Canvas(surface: changed).fill(Rect(x: 40, y: 110, width: 30, height: 30), color: RGBA(hex: 0xFF0000))
        let before = changed.copy()
        #expect(!drawThrough(picture, on: changed, clip: PixelRect(x: 30, y: 100, width: 60, height: 50), key: 2))
        #expect(changed.difference(from: before).isEmpty)
        // …and while the whole of it is painted, it is.
        #expect(drawThrough(picture, on: changed, key: 2))
        #expect(picture.drawCount == 3)
        let expected = Self.backdrop()
        let canvas = Canvas(surface: expected)
        canvas.fill(Rect(x: 40, y: 110, width: 30, height: 30), color: RGBA(hex: 0xFF0000))
        Self.drawCard(Self.card, on: canvas)
        #expect(changed.difference(from: expected).isEmpty)
    }

    /// What a copy of rows cannot honour: a clip between pixels or with round corners, a group.
    @Test func itStepsAsideWhereACopyCannotStandIn() {
        let picture = BackdropPicture<Int>()
        let surface = Self.backdrop()
        let canvas = Canvas(surface: surface)
        canvas.clip(to: Rect(x: 50.5, y: 30, width: 100, height: 100))
        #expect(!picture.draw(into: canvas, extent: Self.extent, opaqueExtent: nil, key: 1) { Self.drawCard(Self.card, on: $0) })
        let rounded = Canvas(surface: surface)
        rounded.clip(toRoundedRect: Rect(x: 50, y: 30, width: 100, height: 100), radius: 20)
        #expect(!picture.draw(into: rounded, extent: Self.extent, opaqueExtent: nil, key: 1) { Self.drawCard(Self.card, on: $0) })
        let grouped = Canvas(surface: surface)
        grouped.beginGroup()
        #expect(!picture.draw(into: grouped, extent: Self.extent, opaqueExtent: nil, key: 1) { Self.drawCard(Self.card, on: $0) })
        grouped.endGroup(alpha: 1)
        #expect(picture.drawCount == 0)
    }

    @Test func extentsOutOfAnyBoundsAreDrawnAsUsual() {
        let picture = BackdropPicture<Int>()
        let canvas = Canvas(surface: Self.backdrop())
        for extent in [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: 1e12, height: 10),
                       Rect(x: -1e12, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: 2000, height: 2000),
                       Rect(x: 0, y: 0, width: -5, height: 10)] {
            #expect(!picture.draw(into: canvas, extent: extent, opaqueExtent: extent, key: 1) { _ in })
        }
        #expect(picture.drawCount == 0)
    }
}

extension BackdropPictureTests {
    /// Scaled by 0.95, cairo's inverse of the transform rounds a translation moved by whole pixels
    /// differently, and a resampled shadow comes out a shade apart: such views are drawn.
    @Test func onlyScalesByPowersOfTwoAreCopied() {
        let surface = Self.backdrop()
        for (scale, copies) in [(1.0, true), (2.0, true), (0.5, true), (0.95, false), (1.5, false)] {
            let picture = BackdropPicture<Int>()
            let canvas = Canvas(surface: surface)
            canvas.scale(x: scale, y: scale)
            #expect(!picture.draw(into: canvas, extent: Self.extent, opaqueExtent: nil, key: 1) { _ in }, "scale \(scale), first use")
            #expect(picture.draw(into: canvas, extent: Self.extent, opaqueExtent: nil, key: 1) { _ in } == copies, "scale \(scale)")
        }
    }
}

extension BackdropPictureTests {
    /// An animated colour would draw the picture every frame, dearer than drawing: after two in a
    /// row it is drawn as usual until the key holds still, and then kept again. (The first use is
    /// drawn as usual too.)
    @Test func aKeyThatChangesEveryFrameIsDrawnAsUsual() {
        let picture = BackdropPicture<Int>()
        var copied: [Bool] = []
        for key in [1, 2, 3, 4, 5, 5, 5] { copied.append(drawThrough(picture, on: Self.backdrop(), key: key)) }
        #expect(copied == [false, true, true, false, false, true, true])
        #expect(picture.drawCount == 3)
    }
}

extension BackdropPictureTests {
    /// A thousand shadowed cards keep no more than the budget; one dropped is drawn again when used.
    @Test func picturesKeepToTheirBudget() {
        let budget = 200 * 1024
        let cache = PictureCache(capacity: 64, byteBudget: budget)
        let owners = (0..<40).map { _ in BackdropPicture<Int>() }
        let surface = Self.backdrop()
        for owner in owners {
            let canvas = Canvas(surface: surface, pictures: cache)
            #expect(!owner.draw(into: canvas, extent: Self.extent, opaqueExtent: Self.card.insetBy(dx: 10, dy: 0), key: 1) {
                Self.drawCard(Self.card, on: $0)
            })
            #expect(owner.draw(into: canvas, extent: Self.extent, opaqueExtent: Self.card.insetBy(dx: 10, dy: 0), key: 1) {
                Self.drawCard(Self.card, on: $0)
            })
            #expect(cache.bytes <= budget)
        }
        #expect(cache.count < 40)
        let first = owners[0]
        let before = first.drawCount
        _ = first.draw(into: Canvas(surface: Self.backdrop(), pictures: cache), extent: Self.extent,
                       opaqueExtent: Self.card.insetBy(dx: 10, dy: 0), key: 1) { Self.drawCard(Self.card, on: $0) }
        #expect(first.drawCount == before + 1)
    }
}
