import CCairo
import FoundationEssentials
import Glibc

/// Coverage masks of whole shapes that are drawn again and again unchanged — a card's rounded
/// rectangle, a progress ring's track — kept per shape and per transform (its whole-pixel
/// translation aside). Compositing a cached mask through the damage clip is both the cheapest
/// way to repaint part of such a shape and exact: every repaint uses the same rasterization.
public final class ShapeMaskCache {
    public enum Shape: Hashable, Sendable {
        case roundedRect(width: Double, height: Double, radius: Double)
        /// A circle's outline, centred on the origin.
        case circleStroke(radius: Double, lineWidth: Double)

        /// The line width a stroked shape is drawn with; nil for a filled one.
        var strokeWidth: Double? {
            if case .circleStroke(_, let lineWidth) = self { lineWidth } else { nil }
        }

        /// Appends the shape's outline (a stroked shape's centre line) to `cr`'s path, at the
        /// origin of its user space: the one description of its geometry, for its mask and for
        /// painting it without one.
        func appendPath(to cr: OpaquePointer) {
            switch self {
            case .roundedRect(let width, let height, let radius):
                Canvas.appendRoundedRect(cr, Rect(x: 0, y: 0, width: width, height: height), radius: radius)
            case .circleStroke(let radius, _):
                cairo_new_sub_path(cr)
                cairo_arc(cr, 0, 0, radius, 0, 2 * Double.pi)
            }
        }
    }

    struct Key: Hashable {
        var shape: Shape
        var a: Double, b: Double, c: Double, d: Double
        /// The fractional part of the device translation.
        var fx: Double, fy: Double
    }

    final class Mask {
        let surface: Surface
        /// Where the mask's top-left pixel lies relative to the whole-pixel translation.
        let offsetX: Int, offsetY: Int

        init(surface: Surface, offsetX: Int, offsetY: Int) {
            self.surface = surface
            self.offsetX = offsetX
            self.offsetY = offsetY
        }

        /// A mask of the same pixels for what is drawn inside this shape, a ring's arc: made on
        /// first use and kept with the mask, so at most one per kept mask and no larger.
        /// (The canvas's own scratch spans the screen's width: the rows an arc crosses, written
        /// there, were a quarter of a megabyte of a dashboard's memory.)
        private(set) lazy var scratch = Surface(width: surface.width, height: surface.height, format: .a8)
    }

    private var masks: LeastRecentlyUsedCache<Key, Mask>
    public private(set) var misses = 0

    /// At most `capacity` masks taking at most `byteBudget` bytes together (the newest is kept
    /// whatever its size).
    public init(capacity: Int = 128, byteBudget: Int = 8 << 20) {
        masks = LeastRecentlyUsedCache(capacity: capacity, byteBudget: byteBudget)
    }

    public var capacity: Int { masks.capacity }
    public var count: Int { masks.count }
    /// The bytes the kept masks take.
    public var bytes: Int { masks.bytes }

    /// The mask for `shape` placed by `transform` (shape space → device pixels), and the device
    /// pixel where its top-left corner goes; nil for a shape whose mask would take more than the
    /// whole budget (a ring a million pixels across), which the caller draws another way.
    func mask(for shape: Shape, transform: AffineTransform) -> (mask: Mask, x: Int, y: Int)? {
        let wholeX = transform.tx.rounded(.down), wholeY = transform.ty.rounded(.down)
        let key = Key(shape: shape, a: transform.a, b: transform.b, c: transform.c, d: transform.d,
                      fx: transform.tx - wholeX, fy: transform.ty - wholeY)
        let mask: Mask
        if let cached = masks.value(for: key) {
            mask = cached
        } else {
            let device = Self.deviceExtent(of: key)
            guard device.width <= masks.byteBudget / max(1, device.height) else { return nil }
            misses += 1
            mask = Self.render(key, device: device)
            masks.insert(mask, bytes: mask.surface.stride * mask.surface.height, for: key)
        }
        return (mask, Int(saturating: wholeX) + mask.offsetX, Int(saturating: wholeY) + mask.offsetY)
    }

    /// The device pixels a shape's mask spans, a pixel of antialiasing included.
    private static func deviceExtent(of key: Key) -> PixelRect {
        let local = AffineTransform(a: key.a, b: key.b, c: key.c, d: key.d, tx: key.fx, ty: key.fy)
        let extent: Rect
        switch key.shape {
        case .roundedRect(let width, let height, _):
            extent = Rect(x: 0, y: 0, width: width, height: height)
        case .circleStroke(let radius, let lineWidth):
            let reach = radius + lineWidth / 2
            extent = Rect(x: -reach, y: -reach, width: 2 * reach, height: 2 * reach)
        }
        return PixelRect(covering: local.apply(to: extent.insetBy(dx: -1, dy: -1)))
    }

    private static func render(_ key: Key, device: PixelRect) -> Mask {
        let surface = Surface(width: max(1, device.width), height: max(1, device.height), format: .a8)
        let cr = cairo_create(surface.handle)!
        var matrix = cairo_matrix_t(xx: key.a, yx: key.b, xy: key.c, yy: key.d,
                                    x0: key.fx - Double(device.x), y0: key.fy - Double(device.y))
        cairo_set_matrix(cr, &matrix)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        key.shape.appendPath(to: cr)
        if let lineWidth = key.shape.strokeWidth {
            cairo_set_line_width(cr, lineWidth)
            cairo_stroke(cr)
        } else {
            cairo_fill(cr)
        }
        cairo_destroy(cr)
        surface.markDirty()
        return Mask(surface: surface, offsetX: device.x, offsetY: device.y)
    }
}
