import KioskGraphics
import KioskUI

/// The rendered picture of a subtree marked `rasterize`, reused until something in it changes
/// (the screen marks it stale when any view inside reports a change).
final class RasterCache {
    private var surface: Surface?
    private var area = PixelRect.zero
    private unowned let painter: ViewPainter

    private init(painter: ViewPainter) {
        self.painter = painter
    }

    static func of(_ view: View, painter: ViewPainter) -> RasterCache {
        if let cache = view.rasterCache as? RasterCache { return cache }
        let cache = RasterCache(painter: painter)
        view.rasterCache = cache
        view.rasterCacheIsValid = false
        return cache
    }

    /// Paints the cached subtree, rendering it first when stale.
    func composite(_ view: View, into canvas: Canvas) {
        let wanted = view.paintedSubtreeRect
        if !view.rasterCacheIsValid || area != wanted {
            render(view, area: wanted)
            view.rasterCacheIsValid = true
        }
        guard let surface else { return }
        canvas.withSavedState {
            canvas.currentTransform = .identity
            canvas.draw(surface, in: area.rect)
        }
    }

    private func render(_ view: View, area newArea: PixelRect) {
        area = newArea
        guard !newArea.isEmpty else {
            surface = nil
            return
        }
        let target = Surface(width: newArea.width, height: newArea.height, format: .argb32)
        let canvas = Canvas(surface: target, shadowMasks: painter.shadowMasks, shapeMasks: painter.shapeMasks,
                            pictures: painter.pictures)
        canvas.translate(x: Double(-newArea.x), y: Double(-newArea.y))
        if let parent = view.superview {
            canvas.concatenate(parent.transformToScreen)
        } else if let screen = view.screen {
            canvas.scale(x: screen.scale, y: screen.scale)
        }
        painter.paintSubtree(view, rect: newArea, into: canvas)
        surface = target
    }
}
