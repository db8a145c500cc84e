import KioskGraphics
import KioskUI

/// Paints a view tree into a canvas, one damaged rectangle at a time: clipped to the rectangle,
/// skipping subtrees that miss it, and starting at the topmost view that covers it opaquely.
final class ViewPainter {
    /// Views whose own content was painted since the last reset; the benchmark reads it.
    private(set) var viewsPainted = 0
    let shadowMasks: ShadowMaskCache
    let shapeMasks: ShapeMaskCache

    init(shadowMasks: ShadowMaskCache, shapeMasks: ShapeMaskCache) {
        self.shadowMasks = shadowMasks
        self.shapeMasks = shapeMasks
    }

    func paint(_ screen: Screen, rect: PixelRect, into canvas: Canvas) {
        canvas.save()
        canvas.clip(toPixels: rect)
        let cover = topmostOpaqueView(in: screen.rootView, covering: rect)
        if cover == nil {
            canvas.replace(rect.rect, with: screen.backgroundColor)
        }
        var started = cover == nil
        canvas.scale(x: screen.scale, y: screen.scale)
        paint(screen.rootView, rect: rect, cover: cover, started: &started, canvas: canvas, useRasterCaches: true)
        canvas.restore()
    }

    /// Paints one subtree on its own, for a raster cache; the canvas already maps the view's
    /// superview coordinates to the cache's pixels.
    func paintSubtree(_ view: View, rect: PixelRect, into canvas: Canvas) {
        var started = true
        paint(view, rect: rect, cover: nil, started: &started, canvas: canvas, useRasterCaches: false)
    }

    private func paint(_ view: View, rect: PixelRect, cover: View?, started: inout Bool, canvas: Canvas,
                       useRasterCaches: Bool) {
        guard !view.isHidden, view.alpha > 0, view.paintedSubtreeRect.intersects(rect) else { return }
        if !started, let cover, !cover.isDescendant(of: view) { return }
        canvas.save()
        defer { canvas.restore() }
        canvas.concatenate(view.transformToSuperview)
        if view === cover { started = true }

        if view.rasterize, started, useRasterCaches {
            RasterCache.of(view, painter: self).composite(view, into: canvas)
            return
        }
        let grouped = started && view.alpha < 1
        if grouped { canvas.beginGroup() }
        if started && view.paintedRect.intersects(rect) {
            viewsPainted += 1
            view.drawBackground(in: canvas)
            canvas.withSavedState {
                if view.clipsToBounds { view.clipToBounds(in: canvas) }
                let local = canvas.currentTransform.inverted()?.apply(to: rect.rect) ?? view.bounds
                view.draw(local, in: canvas)
            }
        }
        if !view.subviews.isEmpty {
            canvas.save()
            if view.clipsToBounds { view.clipToBounds(in: canvas) }
            for subview in view.subviews {
                paint(subview, rect: rect, cover: cover, started: &started, canvas: canvas, useRasterCaches: useRasterCaches)
            }
            canvas.restore()
        }
        if started { view.drawBorder(in: canvas) }
        if grouped { canvas.endGroup(alpha: view.alpha) }
    }

    /// The last view in painting order that paints all of `rect` opaquely.
    private func topmostOpaqueView(in view: View, covering rect: PixelRect) -> View? {
        guard !view.isHidden, view.alpha >= 1, view.paintedSubtreeRect.intersects(rect) else { return nil }
        for subview in view.subviews.reversed() {
            if let found = topmostOpaqueView(in: subview, covering: rect) { return found }
        }
        if view.rasterize { return nil }
        return view.opaquePixelRects().contains(where: { $0.contains(rect) }) ? view : nil
    }

    func resetStatistics() { viewsPainted = 0 }
}
