import CCairo
import CPangoCairo
import FoundationEssentials
import Glibc

/// Paints into a `Surface` through cairo: paths, fills, strokes, gradients, images, text and
/// shadows, with a transform and clip that `save()`/`restore()` bracket.
public final class Canvas {
    let cr: OpaquePointer
    public let surface: Surface
    /// Where this canvas finds blurred shadow masks; a compositor shares one across frames.
    public let shadowMasks: ShadowMaskCache

    /// Where this canvas keeps whole-shape coverage masks; a compositor shares one across frames.
    public let shapeMasks: ShapeMaskCache

    /// Whether a `BackdropPicture` may be copied in place of drawing (off: everything is drawn,
    /// the reference a copied picture must equal).
    public var copiesPictures = true

    /// Whether solid colours through masks and solid rectangles are composited by pixman directly
    /// (`Canvas+Pixman.swift`; off: by cairo, the reference those must equal).
    package var compositesWithPixman = true

    /// Where this canvas keeps pictures copied in place of drawing; a compositor shares one across frames.
    public let pictures: PictureCache

    public init(surface: Surface, shadowMasks: ShadowMaskCache = ShadowMaskCache(),
                shapeMasks: ShapeMaskCache = ShapeMaskCache(), pictures: PictureCache = PictureCache()) {
        self.surface = surface
        self.shadowMasks = shadowMasks
        self.shapeMasks = shapeMasks
        self.pictures = pictures
        cr = cairo_create(surface.handle)!
    }

    /// Made on first use: canvases that only draw text and rectangles never need it.
    lazy var coverage = CoverageScratch(width: surface.width, height: surface.height)

    deinit {
        cairo_destroy(cr)
    }

    // MARK: State

    public func save() { cairo_save(cr) }
    public func restore() { cairo_restore(cr) }

    /// Runs `body` with the state saved before and restored after.
    public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        return try body()
    }

    public func translate(x: Double, y: Double) { cairo_translate(cr, x, y) }
    public func scale(x: Double, y: Double) { cairo_scale(cr, x, y) }
    public func rotate(by angle: Double) { cairo_rotate(cr, angle) }

    public func concatenate(_ transform: AffineTransform) {
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                                    x0: transform.tx, y0: transform.ty)
        cairo_transform(cr, &matrix)
    }

    /// The transform from user space to device pixels.
    public var currentTransform: AffineTransform {
        get {
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            return AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        }
        set {
            var m = cairo_matrix_t(xx: newValue.a, yx: newValue.b, xy: newValue.c, yy: newValue.d,
                                   x0: newValue.tx, y0: newValue.ty)
            cairo_set_matrix(cr, &m)
        }
    }

    // MARK: Clipping

    /// A rectangle with no area (a negative size included) leaves nothing to paint: cairo would
    /// take a negative size as reaching the other way from the origin.
    public func clip(to rect: Rect) {
        cairo_new_path(cr)
        if !rect.isEmpty { cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height) }
        cairo_clip(cr)
    }

    public func clip(toRoundedRect rect: Rect, radius: Double) {
        cairo_new_path(cr)
        Canvas.appendRoundedRect(cr, rect, radius: radius)
        cairo_clip(cr)
    }

    /// Clips to a region given in device pixels, whatever the current transform.
    public func clip(to region: Region) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        region.forEachRect { cairo_rectangle(cr, Double($0.x), Double($0.y), Double($0.width), Double($0.height)) }
        cairo_restore(cr)
        cairo_clip(cr)
    }

    /// Clips to one rectangle of device pixels, whatever the current transform.
    public func clip(toPixels rect: PixelRect) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_restore(cr)
        cairo_clip(cr)
    }

    /// Clips to the union of rectangles (user space).
    public func clip(toUnionOf rects: [Rect]) {
        cairo_new_path(cr)
        for rect in rects where !rect.isEmpty {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        }
        cairo_clip(cr)
    }

    /// Leaves out of the clip a rectangle (user space): paint that will be fully covered next.
    public func clip(excluding inner: Rect, within outer: Rect) {
        cairo_new_path(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_rectangle(cr, outer.minX, outer.minY, outer.width, outer.height)
        cairo_rectangle(cr, inner.minX, inner.minY, inner.width, inner.height)
        cairo_clip(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    /// The clip's bounding box in user space.
    public var clipBounds: Rect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: Paths

    public func beginPath() { cairo_new_path(cr) }
    public func move(to point: Point) { cairo_move_to(cr, point.x, point.y) }
    public func addLine(to point: Point) { cairo_line_to(cr, point.x, point.y) }

    public func addCurve(to point: Point, control1: Point, control2: Point) {
        cairo_curve_to(cr, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
    }

    /// An arc around `center`; angles in radians from the positive x axis, growing clockwise on screen.
    public func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true) {
        if clockwise {
            cairo_arc(cr, center.x, center.y, radius, startAngle, endAngle)
        } else {
            cairo_arc_negative(cr, center.x, center.y, radius, startAngle, endAngle)
        }
    }

    public func closePath() { cairo_close_path(cr) }

    public func addRect(_ rect: Rect) {
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    }

    public func addRoundedRect(_ rect: Rect, radius: Double) {
        Canvas.appendRoundedRect(cr, rect, radius: radius)
    }

    public func addEllipse(in rect: Rect) {
        guard !rect.isEmpty else { return }
        cairo_save(cr)
        cairo_translate(cr, rect.midX, rect.midY)
        cairo_scale(cr, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(cr)
    }

    static func appendRoundedRect(_ cr: OpaquePointer, _ rect: Rect, radius: Double) {
        // cairo would draw a negative size as reaching the other way from the origin.
        guard rect.width >= 0, rect.height >= 0 else { return }
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        if r == 0 {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let half = Double.pi / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -half, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, half)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, half, 2 * half)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, 2 * half, 3 * half)
        cairo_close_path(cr)
    }

    // MARK: Painting

    /// Fills the current path and clears it. Antialiased edges come out the same whatever the clip.
    public func fill(_ color: RGBA, rule: FillRule = .winding) {
        // The path's extents (control points included) hold the filled shape and cost far less
        // than cairo_fill_extents, which flattens every curve.
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_path_extents(cr, &x0, &y0, &x1, &y1)
        paintThroughCoverage(color, userExtents: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) { scratch in
            cairo_set_fill_rule(scratch, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_fill(scratch)
        }
    }

    /// Fills the current path with a gradient and clears it.
    public func fill(_ gradient: LinearGradient) {
        let pattern = cairo_pattern_create_linear(gradient.start.x, gradient.start.y, gradient.end.x, gradient.end.y)!
        for stop in gradient.stops {
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.color.red, stop.color.green,
                                              stop.color.blue, stop.color.alpha)
        }
        cairo_set_source(cr, pattern)
        cairo_fill(cr)
        cairo_pattern_destroy(pattern)
    }

    /// Strokes the current path and clears it. Antialiased edges come out the same whatever the clip.
    public func stroke(_ color: RGBA, style: StrokeStyle) {
        applyStrokeStyle(style, to: cr)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_stroke_extents(cr, &x0, &y0, &x1, &y1)
        paintThroughCoverage(color, userExtents: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) { scratch in
            self.applyStrokeStyle(style, to: scratch)
            cairo_stroke(scratch)
        }
    }

    private func applyStrokeStyle(_ style: StrokeStyle, to cr: OpaquePointer) {
        cairo_set_line_width(cr, style.width)
        let cap: cairo_line_cap_t = switch style.cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
        let join: cairo_line_join_t = switch style.join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
        cairo_set_line_cap(cr, cap)
        cairo_set_line_join(cr, join)
        if style.dash.isEmpty {
            cairo_set_dash(cr, nil, 0, 0)
        } else {
            style.dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), style.dashPhase) }
        }
    }

    /// Rasterizes the current path over its whole width (and the clip's rows) in the coverage
    /// scratch, then composites it through the clip; see `CoverageScratch` for why.
    private func paintThroughCoverage(_ color: RGBA, userExtents: Rect, rasterize: (OpaquePointer) -> Void) {
        defer { cairo_new_path(cr) }
        let bounds = PixelRect(x: 0, y: 0, width: surface.width, height: surface.height)
        let shape = PixelRect(covering: currentTransform.apply(to: userExtents)).intersection(bounds)
        let clip = PixelRect(covering: currentTransform.apply(to: clipBounds)).intersection(bounds)
        guard !shape.isEmpty, !clip.isEmpty else { return }
        let band = PixelRect(x: shape.x, y: max(shape.y, clip.y), width: shape.width,
                             height: min(shape.maxY, clip.maxY) - max(shape.y, clip.y))
        guard !band.isEmpty, band.intersects(clip) else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        coverage.begin(band: band, matrix: matrix)
        let path = cairo_copy_path(cr)
        cairo_append_path(coverage.cr, path)
        cairo_path_destroy(path)
        rasterize(coverage.cr)
        cairo_surface_flush(coverage.surface.handle)
        paint(color, throughMask: coverage.surface, atPixelX: 0, y: 0, within: band)
    }

    /// Whether `rect` (user space) lands exactly on whole device pixels, so filling it has no
    /// antialiased edge at all.
    private func isPixelAligned(_ rect: Rect) -> Bool {
        let transform = currentTransform
        guard transform.isAxisAligned else { return false }
        let device = transform.apply(to: rect)
        let tolerance = Self.pixelTolerance
        return device.minX.isWhole(within: tolerance) && device.minY.isWhole(within: tolerance)
            && device.maxX.isWhole(within: tolerance) && device.maxY.isWhole(within: tolerance)
    }

    /// How far from a whole pixel a device coordinate may be and still count as on it: the
    /// rounding a transform's arithmetic leaves, far below anything antialiasing could show.
    private static let pixelTolerance = 1e-9

    /// The clip's extent in device pixels.
    var deviceClip: PixelRect {
        PixelRect(covering: currentTransform.apply(to: clipBounds))
    }

    /// Fills all the clip lets through with `color` when that lies in the whole device pixels of one
    /// of `rects` (user space), and says whether it did: what filling a shape that covers them would
    /// give there, without its path. A repaint inside a card's body (a ring on the card changed)
    /// paints the body this way, not from the card's picture.
    public func fillClip(with color: RGBA, ifInsideOneOf rects: [Rect]) -> Bool {
        let transform = currentTransform
        guard transform.isAxisAligned else { return false }
        let clip = deviceClip
        guard !clip.isEmpty else { return true }
        guard rects.contains(where: { PixelRect(exactlyInside: transform.apply(to: $0)).contains(clip) }) else { return false }
        if fill(pixels: clip, with: color) { return true }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(clip.x), Double(clip.y), Double(clip.width), Double(clip.height))
        setSource(color)
        cairo_fill(cr)
        cairo_restore(cr)
        return true
    }

    public func fill(_ rect: Rect, color: RGBA) {
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        if isPixelAligned(rect) {
            // No antialiased edge: cairo fills whole pixels, identically under any clip.
            setSource(color)
            cairo_fill(cr)
        } else {
            fill(color)
        }
    }

    public func fill(roundedRect rect: Rect, radius: Double, color: RGBA) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        let transform = currentTransform
        // Where the clip lies inside the shape away from its corners, every pixel is fully covered.
        if fillClip(with: color, ifInsideOneOf: [rect.insetBy(dx: r, dy: 0), rect.insetBy(dx: 0, dy: r)]) { return }
        if transform.a == 1 && transform.d == 1 && transform.b == 0 && transform.c == 0
            && isPixelAligned(rect) && r.isWhole {
            // On whole pixels, everything but the four corners is plain fill; only the corners
            // need the shape's coverage.
            setSource(color)
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.minX + r, rect.minY, rect.width - 2 * r, rect.height)
            cairo_rectangle(cr, rect.minX, rect.minY + r, r, rect.height - 2 * r)
            cairo_rectangle(cr, rect.maxX - r, rect.minY + r, r, rect.height - 2 * r)
            cairo_fill(cr)
            guard r > 0 else { return }
            cairo_save(cr)
            clip(toUnionOf: [Rect(x: rect.minX, y: rect.minY, width: r, height: r),
                             Rect(x: rect.maxX - r, y: rect.minY, width: r, height: r),
                             Rect(x: rect.minX, y: rect.maxY - r, width: r, height: r),
                             Rect(x: rect.maxX - r, y: rect.maxY - r, width: r, height: r)])
            paintCachedShape(.roundedRect(width: rect.width, height: rect.height, radius: r),
                             at: Point(x: rect.minX, y: rect.minY), color: color)
            cairo_restore(cr)
            return
        }
        paintCachedShape(.roundedRect(width: rect.width, height: rect.height, radius: r),
                         at: Point(x: rect.minX, y: rect.minY), color: color)
    }

    /// Strokes a circle whose outline is cached as a whole (a progress ring's track).
    public func strokeCircle(center: Point, radius: Double, lineWidth: Double, color: RGBA) {
        paintCachedShape(.circleStroke(radius: radius, lineWidth: lineWidth), at: center, color: color)
    }

    private func paintCachedShape(_ shape: ShapeMaskCache.Shape, at origin: Point, color: RGBA) {
        let placement = AffineTransform(translationX: origin.x, y: origin.y).concatenating(currentTransform)
        guard let (mask, x, y) = shapeMasks.mask(for: shape, transform: placement) else {
            // Too large for a mask: rasterized over the rows being painted, as any path is.
            cairo_save(cr)
            cairo_translate(cr, origin.x, origin.y)
            cairo_new_path(cr)
            shape.appendPath(to: cr)
            if let lineWidth = shape.strokeWidth {
                stroke(color, style: StrokeStyle(width: lineWidth))
            } else {
                fill(color)
            }
            cairo_restore(cr)
            return
        }
        paint(color, throughMask: mask.surface, atPixelX: x, y: y)
    }

    /// Replaces the pixels of `rect` (ignoring what was there): clearing before painting.
    public func replace(_ rect: Rect, with color: RGBA) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        fill(rect, color: color)
        cairo_restore(cr)
    }

    /// Paints a surface scaled into `rect`.
    public func draw(_ image: Surface, in rect: Rect, alpha: Double = 1) {
        guard image.width > 0, image.height > 0, !rect.isEmpty else { return }
        cairo_save(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
        cairo_set_source_surface(cr, image.handle, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_new_path(cr)
        cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
        cairo_clip(cr)
        if alpha < 1 { cairo_paint_with_alpha(cr, alpha) } else { cairo_paint(cr) }
        cairo_restore(cr)
    }

    /// Fills the current clip with a single colour, used through a surface's alpha (icon tinting).
    public func draw(_ image: Surface, in rect: Rect, tint: RGBA) {
        guard image.width > 0, image.height > 0, !rect.isEmpty else { return }
        cairo_save(cr)
        setSource(tint)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
        cairo_mask_surface(cr, image.handle, 0, 0)
        cairo_restore(cr)
    }

    /// Draws laid-out text with its top-left corner at `origin`.
    public func draw(_ layout: TextLayout, at origin: Point, color: RGBA) {
        setSource(color)
        cairo_move_to(cr, origin.x, origin.y)
        pango_cairo_show_layout(cr, layout.handle)
        cairo_new_path(cr)
    }

    /// Paints the blurred shadow of a rounded rectangle. When `coveredByShape` is true the caller
    /// is about to fill the shape opaquely, so the inside is left out: the shadow under an opaque
    /// card costs only its rim.
    public func drawShadow(_ shadow: Shadow, ofRoundedRect rect: Rect, radius: Double, coveredByShape: Bool = false) {
        guard shadow.opacity > 0, shadow.color.alpha > 0, !rect.isEmpty else { return }
        if coveredByShape && currentTransform.isAxisAligned {
            // Repainting only inside the opaque shape: none of its shadow can show.
            let transform = currentTransform, clip = deviceClip
            let r = min(radius, rect.width / 2, rect.height / 2)
            let inner = [rect.insetBy(dx: r, dy: 0), rect.insetBy(dx: 0, dy: r)]
                .map { PixelRect(exactlyInside: transform.apply(to: $0)) }
            if inner.contains(where: { $0.contains(clip) }) { return }
        }
        let mask = shadowMasks.mask(width: rect.width, height: rect.height, cornerRadius: radius, blurRadius: shadow.radius)
        let origin = Self.maskOrigin(of: mask, for: shadow, ofRoundedRect: rect)
        cairo_save(cr)
        let maskRect = Rect(origin: origin, size: mask.surface.size)
        if coveredByShape && currentTransform.isAxisAligned && isPixelAligned(rect) && rect.width > 2 && rect.height > 2 {
            // The shape covers all of itself but its rounded corners (and one point of antialiasing
            // along its edges). Only on whole pixels: a fractional clip would itself be antialiased.
            // A band on each side and a square in each corner: compositing through a few plain
            // rectangles is far cheaper than through a clip with holes.
            let r = min(radius, rect.width / 2, rect.height / 2) + 1
            let inner = rect.insetBy(dx: 1, dy: 1), corner = r - 1
            clip(toUnionOf: [
                Rect(x: maskRect.minX, y: maskRect.minY, width: maskRect.width, height: inner.minY - maskRect.minY),
                Rect(x: maskRect.minX, y: inner.maxY, width: maskRect.width, height: maskRect.maxY - inner.maxY),
                Rect(x: maskRect.minX, y: inner.minY, width: inner.minX - maskRect.minX, height: inner.height),
                Rect(x: inner.maxX, y: inner.minY, width: maskRect.maxX - inner.maxX, height: inner.height),
                Rect(x: inner.minX, y: inner.minY, width: corner, height: corner),
                Rect(x: inner.maxX - corner, y: inner.minY, width: corner, height: corner),
                Rect(x: inner.minX, y: inner.maxY - corner, width: corner, height: corner),
                Rect(x: inner.maxX - corner, y: inner.maxY - corner, width: corner, height: corner),
            ])
        }
        let color = shadow.composited
        if compositesOnWholePixels(maskAt: origin) {
            setSource(color)
            cairo_mask_surface(cr, mask.surface.handle, origin.x, origin.y)
        } else {
            // Scaled or between pixels, the mask is resampled, and pixman's resampling steps along
            // each row from where the painted span starts: resample it over its whole width first.
            cairo_new_path(cr)
            cairo_rectangle(cr, maskRect.minX, maskRect.minY, maskRect.width, maskRect.height)
            paintThroughCoverage(color, userExtents: maskRect) { scratch in
                cairo_new_path(scratch)
                cairo_mask_surface(scratch, mask.surface.handle, origin.x, origin.y)
            }
        }
        cairo_restore(cr)
    }

    /// Where drawing `shadow` under a rounded rect can change a pixel (user space): the pixels its
    /// mask reaches, less the far tail of the blur where the shadow's alpha rounds to nothing,
    /// when the mask is composited on whole pixels (resampled, all of it may count).
    public func shadowInk(_ shadow: Shadow, ofRoundedRect rect: Rect, radius: Double) -> Rect {
        guard shadow.opacity > 0, shadow.color.alpha > 0, !rect.isEmpty else { return shadow.bounds(of: rect) }
        let mask = shadowMasks.mask(width: rect.width, height: rect.height, cornerRadius: radius, blurRadius: shadow.radius)
        let origin = Self.maskOrigin(of: mask, for: shadow, ofRoundedRect: rect)
        guard compositesOnWholePixels(maskAt: origin) else {
            return Rect(origin: origin, size: mask.surface.size)
        }
        let ink = mask.inkBox(of: shadow.composited)
        return Rect(x: origin.x + Double(ink.x), y: origin.y + Double(ink.y), width: Double(ink.width), height: Double(ink.height))
    }

    private static func maskOrigin(of mask: ShadowMaskCache.Mask, for shadow: Shadow, ofRoundedRect rect: Rect) -> Point {
        Point(x: rect.minX + shadow.offset.width - Double(mask.padding), y: rect.minY + shadow.offset.height - Double(mask.padding))
    }

    /// Whether a mask placed at `origin` (user space) lands on whole device pixels, unscaled: then
    /// it is composited as it is, else resampled.
    private func compositesOnWholePixels(maskAt origin: Point) -> Bool {
        let transform = currentTransform
        return transform.a == 1 && transform.d == 1 && transform.b == 0 && transform.c == 0
            && (transform.tx + origin.x).isWhole(within: Self.pixelTolerance)
            && (transform.ty + origin.y).isWhole(within: Self.pixelTolerance)
    }

    // MARK: Groups

    /// Starts painting into an offscreen group that `endGroup(alpha:)` composites with an opacity.
    public func beginGroup() { cairo_push_group(cr) }

    public func endGroup(alpha: Double) {
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
    }

    func setSource(_ color: RGBA) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }
}
