import CCairo
import CPixman
import FoundationEssentials
import Glibc

/// Something drawn over pixels that stay as they are (a card's shadow and body over its panel),
/// drawn into a picture of its own the second time it is painted, and copied while the pixels
/// under it are what they were.
///
/// Drawing gives each pixel a value that depends on the pixel under it alone (a shape's coverage
/// does not depend on what is under it), and the picture was drawn over the same pixels, shifted
/// by whole device pixels: the copy holds exactly what drawing there would. Comparing what is there
/// and copying rows costs a fraction of blending a soft shadow and an antialiased shape pixel by
/// pixel (what Qt's cached card pixmaps and LVGL's shadow cache save too). What the drawing covers
/// opaquely (the card's body) does not depend on what is under it, and is neither compared nor kept.
/// Where the pixels under it changed, and the whole of it is not being painted so that it could be
/// drawn again, it is drawn as usual.
public final class BackdropPicture<Key: Equatable> {
    /// A picture larger than this is not kept: its memory would cost more than drawing saves.
    public static var maximumPixels: Int { 512 * 1024 }

    /// Times the picture was drawn (tests check that it is reused).
    public private(set) var drawCount = 0
    /// Uses in a row that had to draw the picture again, and what the last one that could not use
    /// it asked for.
    private var redrawsInARow = 0
    private var lastAsked: (key: Key, box: PixelRect, transform: AffineTransform)?

    public init() {}

    /// Puts what `draw` paints, all inside `extent` (user space of `canvas`), into `canvas` by
    /// copying the picture, drawing the picture first when `key`, the transform or the pixels under
    /// it changed. `draw` covers `opaqueExtent` with one opaque colour. Returns false, having drawn
    /// nothing, when a copy cannot stand in for drawing: the pixels under it changed while only part
    /// of it is painted, what it shows changes from frame to frame, the clip is not made of whole
    /// pixels, the canvas paints into a group or does not copy pictures.
    public func draw(into canvas: Canvas, extent: Rect, opaqueExtent: Rect?, key: Key, drawing draw: (Canvas) -> Void) -> Bool {
        let current = canvas.currentTransform
        guard canvas.copiesPictures, canvas.paintsIntoSurface, Self.shiftsExactly(current) else { return false }
        let covered = PixelRect(covering: current.apply(to: extent))
        guard !covered.isEmpty, covered.width < Surface.maximumSide, covered.height < Surface.maximumSide,
              (-Surface.maximumSide...Surface.maximumSide).contains(covered.x),
              (-Surface.maximumSide...Surface.maximumSide).contains(covered.y) else { return false }
        // What a view paints is inside its painted rectangle (damage relies on it): so is the picture.
        let box = covered
        guard box.width * box.height <= Self.maximumPixels, let clip = canvas.wholePixelClip() else { return false }
        let opaque = opaqueExtent.map { PixelRect(exactlyInside: current.apply(to: $0)).intersection(box) } ?? .zero
        let target = canvas.surface
        let onSurface = box.intersection(PixelRect(x: 0, y: 0, width: target.width, height: target.height))
        let visible = clip.map { $0.intersection(onSurface) }.filter { !$0.isEmpty }
        guard !visible.isEmpty else { return true }
        let pixels = target.pixels, stride = target.stride

        let shifted = AffineTransform(a: current.a, b: current.b, c: current.c, d: current.d,
                                      tx: current.tx - Double(box.x), ty: current.ty - Double(box.y))
        let kept = canvas.pictures.picture(for: self) as? StoredPicture<Key>
        let picture: StoredPicture<Key>
        if let kept, kept.key == key, kept.transform == shifted, kept.format == target.format,
           kept.backdrop.box == box, kept.backdrop.opaque == PixelsAround.hole(opaque),
           visible.allSatisfy({ kept.backdrop.matches(pixels: pixels, stride: stride, in: $0) }) {
            picture = kept
            redrawsInARow = 0
        } else {
            // A picture costs its memory, and drawing it and copying it more than drawing: the first
            // use draws as usual, so a card painted once (a panel that shows and stays) keeps none,
            // and its first frame comes sooner. A picture drawn again at every use (an animated
            // colour, a card sliding) waits until what it shows holds still from one use to the next.
            let holdsStill = lastAsked?.key == key && lastAsked?.box == box && lastAsked?.transform == shifted
            let usedBefore = lastAsked != nil
            lastAsked = (key, box, shifted)
            guard usedBefore, redrawsInARow < 2 || holdsStill else { return false }
            // Drawn again only while all of it on the surface is painted: every pixel under it is read.
            guard visible.reduce(0, { $0 + $1.area }) == onSurface.area else { return false }
            var under = PixelsAround(box: box, opaque: opaque)
            for rect in visible { under.record(pixels: pixels, stride: stride, in: rect) }
            guard let drawn = Self.render(over: under, format: target.format, transform: shifted, masks: canvas, draw: draw)
            else { return false }
            picture = StoredPicture(key: key, transform: shifted, format: target.format, backdrop: under,
                                    pixels: drawn.pixels, opaqueValue: drawn.opaqueValue)
            canvas.pictures.keep(picture, bytes: picture.bytes, for: self)
            drawCount += 1
            redrawsInARow += 1
        }
        for rect in visible {
            picture.pixels.write(into: pixels, stride: stride, in: rect, opaqueValue: picture.opaqueValue)
            target.markDirty(rect)
        }
        return true
    }

    /// Whether drawing with `transform` moved by whole pixels gives the same pixels moved: cairo and
    /// pixman invert the transform to sample masks and images, and only a scale by a power of two
    /// (1 on most screens, 2 on dense ones) inverts without rounding the translation differently.
    static func shiftsExactly(_ transform: AffineTransform) -> Bool {
        func isPowerOfTwo(_ scale: Double) -> Bool { scale.isFinite && scale > 0 && scale.significand == 1 }
        return transform.isAxisAligned && isPowerOfTwo(transform.a) && isPowerOfTwo(transform.d)
            && transform.tx.isFinite && transform.ty.isFinite
    }

    /// Draws the picture over `under` in a surface of its own and keeps what it needs of it: nil
    /// when the part said to be covered by one opaque colour is not.
    private static func render(over under: PixelsAround, format: PixelFormat, transform: AffineTransform, masks canvas: Canvas,
                               draw: (Canvas) -> Void) -> (pixels: PixelsAround, opaqueValue: UInt32)? {
        let box = under.box
        let surface = Surface(width: box.width, height: box.height, format: format)
        under.restore(into: surface.pixels, stride: surface.stride)
        surface.markDirty()
        let pictureCanvas = Canvas(surface: surface, shadowMasks: canvas.shadowMasks, shapeMasks: canvas.shapeMasks,
                                   pictures: canvas.pictures)
        pictureCanvas.currentTransform = transform
        draw(pictureCanvas)
        let pixels = surface.pixels, stride = surface.stride
        let hole = under.opaque
        var value: UInt32 = 0
        if !hole.isEmpty {
            value = (pixels + (hole.y - box.y) * stride + (hole.x - box.x) * 4).load(as: UInt32.self)
            for row in hole.y..<hole.maxY {
                let start = (pixels + (row - box.y) * stride + (hole.x - box.x) * 4).assumingMemoryBound(to: UInt32.self)
                var differs: UInt32 = 0
                for column in 0..<hole.width { differs |= start[column] ^ value }
                guard differs == 0 else { return nil }
            }
        }
        var kept = PixelsAround(box: box, opaque: hole)
        kept.record(pixels: pixels, stride: stride, in: box, origin: box)
        return (kept, value)
    }
}

/// The pictures of a compositor's `BackdropPicture`s, within a byte budget: the least recently used
/// are dropped first (and drawn again when next used), so a list of a thousand shadowed cards holds
/// no more than a dashboard of six.
public final class PictureCache {
    private var pictures: LeastRecentlyUsedCache<ObjectIdentifier, AnyObject>

    public init(capacity: Int = 256, byteBudget: Int = 6 << 20) {
        pictures = LeastRecentlyUsedCache(capacity: capacity, byteBudget: byteBudget)
    }

    /// The bytes the pictures hold.
    public var bytes: Int { pictures.bytes }
    public var count: Int { pictures.count }

    func picture(for owner: AnyObject) -> AnyObject? {
        pictures.value(for: ObjectIdentifier(owner))
    }

    /// An owner that is gone leaves its picture until it is the least recently used: an identifier
    /// given again to a new owner finds a picture drawn for another key, box or backdrop, and draws
    /// its own.
    func keep(_ picture: AnyObject, bytes: Int, for owner: AnyObject) {
        pictures.insert(picture, bytes: bytes, for: ObjectIdentifier(owner))
    }
}

/// What a `BackdropPicture` drew, and what for.
private final class StoredPicture<Key: Equatable> {
    let key: Key
    let transform: AffineTransform
    let format: PixelFormat
    /// The pixels under it and the picture, both outside the opaque part, and the one value of that part.
    let backdrop: PixelsAround
    let pixels: PixelsAround
    let opaqueValue: UInt32

    init(key: Key, transform: AffineTransform, format: PixelFormat, backdrop: PixelsAround, pixels: PixelsAround,
         opaqueValue: UInt32) {
        self.key = key
        self.transform = transform
        self.format = format
        self.backdrop = backdrop
        self.pixels = pixels
        self.opaqueValue = opaqueValue
    }

    var bytes: Int { (backdrop.count + pixels.count) * 4 }
}

/// The pixels of a box (device pixels) outside an opaque part of it, kept row by row: whole rows
/// above and below that part, the pieces either side of it beside it. What is under a picture, and
/// the picture itself.
private struct PixelsAround {
    let box: PixelRect
    let opaque: PixelRect
    private var values: [UInt32]
    var count: Int { values.count }

    init(box: PixelRect, opaque: PixelRect) {
        self.box = box
        self.opaque = Self.hole(opaque)
        let kept = box.area - self.opaque.area
        values = Array(repeating: 0, count: max(0, kept))
    }

    static func hole(_ opaque: PixelRect) -> PixelRect { opaque.isEmpty ? .zero : opaque }

    /// Calls `body` with each kept piece of `row` (inside the box) between `x0` and `x1`: its x range
    /// and where it starts in `values`. Stops, returning false, when `body` does.
    private static func forEachPiece(of box: PixelRect, around opaque: PixelRect, row: Int, from x0: Int, to x1: Int,
                                     _ body: (Range<Int>, Int) -> Bool) -> Bool {
        func visit(_ range: Range<Int>, index: Int) -> Bool {
            let part = range.clamped(to: x0..<x1)
            return part.isEmpty || body(part, index + part.lowerBound - range.lowerBound)
        }
        let above = max(0, opaque.y - box.y) * box.width
        let sides = box.width - opaque.width
        if opaque.isEmpty || row < opaque.y {
            return visit(box.x..<box.maxX, index: (row - box.y) * box.width)
        } else if row >= opaque.maxY {
            return visit(box.x..<box.maxX, index: above + opaque.height * sides + (row - opaque.maxY) * box.width)
        }
        let start = above + (row - opaque.y) * sides
        return visit(box.x..<opaque.x, index: start) && visit(opaque.maxX..<box.maxX, index: start + opaque.x - box.x)
    }

    /// Keeps the pixels inside `rect` (device pixels, inside the box) of a surface whose first
    /// pixel is the device pixel at `origin`.
    mutating func record(pixels: UnsafeMutableRawPointer, stride: Int, in rect: PixelRect, origin: PixelRect = .zero) {
        let box = self.box, opaque = self.opaque
        values.withUnsafeMutableBufferPointer { kept in
            for row in rect.y..<rect.maxY {
                _ = Self.forEachPiece(of: box, around: opaque, row: row, from: rect.x, to: rect.maxX) { range, index in
                    let source = (pixels + (row - origin.y) * stride + (range.lowerBound - origin.x) * 4)
                        .assumingMemoryBound(to: UInt32.self)
                    (kept.baseAddress! + index).update(from: source, count: range.count)
                    return true
                }
            }
        }
    }

    func matches(pixels: UnsafeMutableRawPointer, stride: Int, in rect: PixelRect) -> Bool {
        values.withUnsafeBufferPointer { kept in
            (rect.y..<rect.maxY).allSatisfy { row in
                Self.forEachPiece(of: box, around: opaque, row: row, from: rect.x, to: rect.maxX) { range, index in
                    memcmp(pixels + row * stride + range.lowerBound * 4, kept.baseAddress! + index, range.count * 4) == 0
                }
            }
        }
    }

    /// Writes the pixels inside `rect` (device pixels, inside the box) into a surface: the kept ones,
    /// and `opaqueValue` over the opaque part.
    func write(into pixels: UnsafeMutableRawPointer, stride: Int, in rect: PixelRect, opaqueValue: UInt32) {
        let box = self.box, opaque = self.opaque
        let filled = opaque.intersection(rect)
        values.withUnsafeBufferPointer { kept in
            for row in rect.y..<rect.maxY {
                _ = Self.forEachPiece(of: box, around: opaque, row: row, from: rect.x, to: rect.maxX) { range, index in
                    let target = (pixels + row * stride + range.lowerBound * 4).assumingMemoryBound(to: UInt32.self)
                    target.update(from: kept.baseAddress! + index, count: range.count)
                    return true
                }
            }
        }
        guard !filled.isEmpty else { return }
        // pixman's fill writes whole vectors; a loop of 32-bit stores here does not.
        _ = pixman_fill(pixels.assumingMemoryBound(to: UInt32.self), Int32(stride / 4), 32, Int32(filled.x), Int32(filled.y),
                        Int32(filled.width), Int32(filled.height), opaqueValue)
    }

    /// Writes the kept pixels into a picture of the box's size (the opaque part is painted over).
    func restore(into pixels: UnsafeMutableRawPointer, stride: Int) {
        values.withUnsafeBufferPointer { kept in
            for row in box.y..<box.maxY {
                _ = Self.forEachPiece(of: box, around: opaque, row: row, from: box.x, to: box.maxX) { range, index in
                    let target = (pixels + (row - box.y) * stride + (range.lowerBound - box.x) * 4).assumingMemoryBound(to: UInt32.self)
                    target.update(from: kept.baseAddress! + index, count: range.count)
                    return true
                }
            }
        }
    }
}
