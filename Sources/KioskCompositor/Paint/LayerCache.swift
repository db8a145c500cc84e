import KioskGraphics
import KioskUI

/// The layer of a view that `composesAsLayer`: its subtree painted once, in its own coordinates,
/// at the screen's scale, and composed wherever the view is while it only moves by whole pixels
/// or fades. Painted again when something inside changed (the screen marks it stale) or the view's
/// size or scroll position did. An opaque view's layer has no alpha, so composing it is a copy.
final class LayerCache {
    private var surface: Surface?
    /// What the picture was painted for.
    private var paintedSize = Size.zero
    private var paintedOrigin = Point.zero
    private var paintedScale = 0.0
    /// Times the layer was painted (tests check that a slide paints each panel once).
    private(set) var paintCount = 0

    static func of(_ view: View) -> LayerCache {
        if let cache = view.layerCache as? LayerCache { return cache }
        let cache = LayerCache()
        view.layerCache = cache
        view.layerCacheIsValid = false
        return cache
    }

    /// Composes the layer into `canvas` (whose transform maps the view's coordinates to device
    /// pixels) inside `rects`; returns false, drawing nothing, when the view is not where a copy
    /// can put it (rotated, scaled, or between pixels): it is then painted as usual.
    func composite(_ view: View, within rects: [PixelRect], painter: ViewPainter, into canvas: Canvas) -> Bool {
        guard let scale = view.screen?.scale, let origin = Self.pixelOrigin(of: view, transform: canvas.currentTransform, scale: scale)
        else { return false }
        let layer = currentSurface(of: view, scale: scale, painter: painter)
        let area = PixelRect(x: origin.x, y: origin.y, width: layer.width, height: layer.height)
        let visible = rects.map { $0.intersection(area) }.filter { !$0.isEmpty }
        canvas.composite(layer, atPixelX: origin.x, y: origin.y, within: visible, alpha: view.alpha)
        return true
    }

    /// Where the layer's top-left pixel lands, when the view's transform to device pixels is the
    /// screen's scale and a whole-pixel translation.
    static func pixelOrigin(of view: View, transform: AffineTransform, scale: Double) -> (x: Int, y: Int)? {
        let tolerance = 1e-6
        guard abs(transform.a - scale) < tolerance, abs(transform.d - scale) < tolerance,
              abs(transform.b) < tolerance, abs(transform.c) < tolerance else { return nil }
        let corner = transform.apply(to: view.bounds.origin)
        guard corner.x.isWhole(within: tolerance), corner.y.isWhole(within: tolerance),
              abs(corner.x) < 1e9, abs(corner.y) < 1e9 else { return nil }
        return (Int(corner.x.rounded()), Int(corner.y.rounded()))
    }

    /// The device pixels the layer covers opaquely at `origin`, when it can be copied: an opaque
    /// view seen at full alpha.
    static func isCopyable(_ view: View) -> Bool {
        view.isOpaque && view.cornerRadius == 0
    }

    private func currentSurface(of view: View, scale: Double, painter: ViewPainter) -> Surface {
        let size = view.bounds.size
        if let surface, view.layerCacheIsValid, paintedSize == size, paintedOrigin == view.boundsOrigin, paintedScale == scale {
            return surface
        }
        let width = max(1, min(Int((size.width * scale).rounded(.up)), Surface.maximumSide))
        let height = max(1, min(Int((size.height * scale).rounded(.up)), Surface.maximumSide))
        let format: PixelFormat = Self.isCopyable(view) ? .xrgb8888 : .argb32
        let target: Surface
        if let surface, surface.width == width, surface.height == height, surface.format == format {
            target = surface
        } else {
            target = Surface(width: width, height: height, format: format)
        }
        let canvas = Canvas(surface: target, shadowMasks: painter.shadowMasks, shapeMasks: painter.shapeMasks,
                            pictures: painter.pictures)
        if format == .argb32 { canvas.clearAll() }
        canvas.scale(x: scale, y: scale)
        painter.paintLayer(of: view, area: PixelRect(x: 0, y: 0, width: width, height: height), into: canvas)
        surface = target
        paintedSize = size
        paintedOrigin = view.boundsOrigin
        paintedScale = scale
        paintCount += 1
        view.layerCacheIsValid = true
        return target
    }
}
