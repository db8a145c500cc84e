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
    /// Where the whole layer lay on the screen (device pixels) when the last frame's damage was
    /// collected, if the view was then shown as a plain copy of it: opaque, at full alpha, on whole
    /// pixels. With the screen's stacking count then (`Screen.stackingChanges`). `LayerMove` moves
    /// those pixels when the view moves.
    private(set) var placement: (area: PixelRect, stacking: Int)?

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

    /// The layer's size in device pixels.
    static func pixelSize(of view: View, scale: Double) -> (width: Int, height: Int) {
        let size = view.bounds.size
        return (max(1, min(Int((size.width * scale).rounded(.up)), Surface.maximumSide)),
                max(1, min(Int((size.height * scale).rounded(.up)), Surface.maximumSide)))
    }

    /// Whether composing the layer now uses the picture painted before, unpainted again.
    func isCurrent(for view: View, scale: Double) -> Bool {
        surface != nil && view.layerCacheIsValid && paintedSize == view.bounds.size && paintedOrigin == view.boundsOrigin
            && paintedScale == scale
    }

    /// Records where the view is shown as its damage is collected; `toScreen` maps its coordinates
    /// to device pixels, `isVisible` says no ancestor hides it.
    func recordPlacement(of view: View, toScreen: AffineTransform, isVisible: Bool) {
        placement = nil
        guard isVisible, !view.isHidden, Self.isCopyable(view), view.isSeenAtFullAlpha, let screen = view.screen,
              let origin = Self.pixelOrigin(of: view, transform: toScreen, scale: screen.scale) else { return }
        let size = Self.pixelSize(of: view, scale: screen.scale)
        placement = (PixelRect(x: origin.x, y: origin.y, width: size.width, height: size.height), screen.stackingChanges)
    }

    /// The view's pixels moved without it (a scroll moved them): where they are is unknown.
    func forgetPlacement() {
        placement = nil
    }

    private func currentSurface(of view: View, scale: Double, painter: ViewPainter) -> Surface {
        if let surface, isCurrent(for: view, scale: scale) { return surface }
        let size = view.bounds.size
        let (width, height) = Self.pixelSize(of: view, scale: scale)
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
