import KioskGraphics
import KioskUI

/// Paints a view tree into a canvas, one damaged rectangle at a time: clipped to the rectangle,
/// skipping subtrees that miss it, and starting at the topmost view that covers it opaquely.
final class ViewPainter {
    /// Views whose own content was painted since the last reset; the benchmark reads it.
    private(set) var viewsPainted = 0
    let shadowMasks: ShadowMaskCache
    let shapeMasks: ShapeMaskCache
    let pictures: PictureCache
    /// Whether views that `composesAsLayer` are composed from their layers (off: painted view by
    /// view, the reference a composed frame must equal).
    var composesLayers = true
    /// The view whose layer is being painted: culling by painted rects is off (those are places on
    /// screen, and a layer is painted wherever its view is), and the view itself is painted
    /// unmoved and opaque (its place and alpha are applied when the layer is composed).
    private var layerBeingPainted: View?
    /// The layers the rectangle being painted copies opaquely, in painting order, and where.
    private var opaqueLayers: [(view: View, area: PixelRect)] = []
    /// The screen pixel at the canvas's origin: a raster cache's canvas starts where its subtree
    /// does. Culling compares places on screen; a view's `draw` is told the rectangle on its canvas.
    private var canvasOrigin = (x: 0, y: 0)

    init(shadowMasks: ShadowMaskCache, shapeMasks: ShapeMaskCache, pictures: PictureCache) {
        self.shadowMasks = shadowMasks
        self.shapeMasks = shapeMasks
        self.pictures = pictures
    }

    func paint(_ screen: Screen, rect: PixelRect, into canvas: Canvas) {
        canvas.save()
        canvas.clip(toPixels: rect)
        let cover = topmostOpaqueView(in: screen.rootView, covering: rect)
        opaqueLayers.removeAll(keepingCapacity: true)
        if cover == nil {
            if composesLayers { collectOpaqueLayers(in: screen.rootView, rect: rect, scale: screen.scale) }
            if opaqueLayers.isEmpty {
                canvas.replace(rect.rect, with: screen.backgroundColor)
            } else {
                // What the copied layers cover needs no background: they replace every pixel of it.
                var uncovered = Region(rect)
                for layer in opaqueLayers { uncovered.subtract(Region(layer.area)) }
                uncovered.forEachRect { canvas.replace($0.rect, with: screen.backgroundColor) }
            }
        }
        var started = cover == nil
        canvas.scale(x: screen.scale, y: screen.scale)
        paint(screen.rootView, rect: rect, cover: cover, started: &started, canvas: canvas, useRasterCaches: true)
        canvas.restore()
    }

    /// Paints one subtree on its own, for a raster cache; the canvas already maps the view's
    /// superview coordinates to the cache's pixels.
    func paintSubtree(_ view: View, rect: PixelRect, into canvas: Canvas) {
        let outer = canvasOrigin
        canvasOrigin = (rect.x, rect.y)
        defer { canvasOrigin = outer }
        var started = true
        paint(view, rect: rect, cover: nil, started: &started, canvas: canvas, useRasterCaches: false)
    }

    private func paint(_ view: View, rect: PixelRect, cover: View?, started: inout Bool, canvas: Canvas,
                       useRasterCaches: Bool) {
        let isLayerRoot = view === layerBeingPainted
        let culls = layerBeingPainted == nil
        guard !view.isHidden, isLayerRoot || view.alpha > 0, !culls || view.paintedSubtreeRect.intersects(rect) else { return }
        if !started, let cover, !cover.isDescendant(of: view) { return }
        canvas.save()
        defer { canvas.restore() }
        if isLayerRoot {
            canvas.translate(x: -view.boundsOrigin.x, y: -view.boundsOrigin.y)
        } else {
            canvas.concatenate(view.transformToSuperview)
        }
        if view === cover { started = true }

        if view.composesAsLayer, started, useRasterCaches, composesLayers, culls,
           LayerCache.of(view).composite(view, within: visibleRects(of: view, in: rect), painter: self, into: canvas) {
            viewsPainted += 1
            return
        }

        if view.rasterize, started, useRasterCaches {
            RasterCache.of(view, painter: self).composite(view, into: canvas)
            return
        }
        let grouped = started && view.alpha < 1 && !isLayerRoot
        if grouped { canvas.beginGroup() }
        if started && (!culls || view.paintedRect.intersects(rect)) {
            viewsPainted += 1
            func drawOwnContent() {
                view.drawBackground(in: canvas)
                canvas.withSavedState {
                    if view.clipsToBounds { view.clipToBounds(in: canvas) }
                    let onCanvas = PixelRect(x: rect.x - canvasOrigin.x, y: rect.y - canvasOrigin.y,
                                             width: rect.width, height: rect.height)
                    let local = canvas.currentTransform.inverted()?.apply(to: onCanvas.rect) ?? view.bounds
                    view.draw(local, in: canvas)
                }
            }
            // Only the screen's own pass knows what its subviews will cover: layers and raster
            // caches are painted whole. In that pass a view's drawing is also held to where the
            // damage walk found it (`paintedRect`): what a component draws past the visual bounds
            // it declares is cut alike in partial and full frames, never left behind by one.
            let screenPass = culls && useRasterCaches
            if let shown = screenPass ? partShown(of: view, in: rect) : nil {
                if !shown.isEmpty {
                    canvas.withSavedState {
                        canvas.clip(to: shown)
                        drawOwnContent()
                    }
                }
            } else if screenPass && !view.paintedRect.contains(rect) {
                canvas.withSavedState {
                    canvas.clip(toPixels: view.paintedRect)
                    drawOwnContent()
                }
            } else {
                drawOwnContent()
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

    // MARK: Layers (LayerCache.swift)

    /// Paints a layer view's subtree into its layer; the canvas maps the view's unscrolled
    /// coordinates to the layer's pixels.
    func paintLayer(of view: View, area: PixelRect, into canvas: Canvas) {
        let outer = layerBeingPainted
        layerBeingPainted = view
        defer { layerBeingPainted = outer }
        var started = true
        paint(view, rect: area, cover: nil, started: &started, canvas: canvas, useRasterCaches: false)
    }

    /// The layers in `view`'s subtree (outside other layers) that `rect` will copy opaquely: an
    /// opaque layer view at full alpha, on whole pixels, under no clipping ancestor.
    private func collectOpaqueLayers(in view: View, rect: PixelRect, scale: Double) {
        guard !view.isHidden, view.alpha >= 1, view.paintedSubtreeRect.intersects(rect) else { return }
        if view.composesAsLayer {
            guard LayerCache.isCopyable(view),
                  let origin = LayerCache.pixelOrigin(of: view, transform: view.transformToScreen, scale: scale) else { return }
            let area = PixelRect(x: origin.x, y: origin.y, width: Int((view.bounds.width * scale).rounded(.up)),
                                 height: Int((view.bounds.height * scale).rounded(.up))).intersection(rect)
            if !area.isEmpty { opaqueLayers.append((view, area)) }
            return
        }
        if view.clipsToBounds { return }
        for subview in view.subviews { collectOpaqueLayers(in: subview, rect: rect, scale: scale) }
    }

    // MARK: Occlusion

    /// Below this many pixels a view's own drawing is cheaper than working out what covers it.
    static let occlusionMinimumPixels = 128 * 128
    /// Of a view with many subviews in the damage (a long list), only the first ones are looked
    /// at as covers: past them the view paints the rest whole, as without occlusion.
    static let maximumSubviewsLookedAt = 32

    /// The part of `rect` where `view`'s own drawing (background and content) can show, inside
    /// its painted rectangle, or nil for all of it. Its subviews' opaque bodies are painted over
    /// it in this same pass whatever is under them, so the view need not paint there first: a
    /// background gradient under six cards writes 35 % of the screen instead of all of it. A
    /// pixel counts only where no subview painted before the cover reaches (one that compares or
    /// blends what is under it would read the pixel the view did not paint).
    private func partShown(of view: View, in rect: PixelRect) -> Region? {
        let area = view.paintedRect.intersection(rect)
        guard area.width * area.height >= Self.occlusionMinimumPixels, !view.subviews.isEmpty else { return nil }
        var covered: Region?
        var reachedBefore: [PixelRect] = []
        for subview in view.subviews {
            let reach = subview.paintedSubtreeRect.intersection(area)
            guard !subview.isHidden, subview.alpha > 0, !reach.isEmpty else { continue }
            guard reachedBefore.count < Self.maximumSubviewsLookedAt else { break }
            if subview.alpha >= 1, !subview.rasterize, !subview.composesAsLayer {
                // What the subview will paint in this pass: its own rectangle as the damage found it.
                let painted = subview.paintedRect.intersection(area)
                let opaque = subview.opaquePixelRectsPaintedBlind().map { $0.intersection(painted) }.filter { !$0.isEmpty }
                if !opaque.isEmpty {
                    var body = Region()
                    for part in opaque { body.add(part) }
                    for earlier in reachedBefore where body.intersects(earlier) { body.subtract(Region(earlier)) }
                    if covered == nil { covered = Region() }
                    covered?.add(body)
                }
            }
            reachedBefore.append(reach)
        }
        guard let covered, !covered.isEmpty else { return nil }
        var shown = Region(area)
        shown.subtract(covered)
        return shown
    }

    /// `rect` less what the opaque layers painted after `view` will copy over.
    private func visibleRects(of view: View, in rect: PixelRect) -> [PixelRect] {
        guard let index = opaqueLayers.firstIndex(where: { $0.view === view }), index + 1 < opaqueLayers.count else {
            return [rect]
        }
        var visible = Region(rect)
        for above in opaqueLayers[(index + 1)...] { visible.subtract(Region(above.area)) }
        return visible.rects
    }

    /// The last view in painting order that paints all of `rect` opaquely. Such a view paints
    /// within its painted rectangle, so only subtrees whose painted extent holds all of `rect`
    /// are searched: a large rectangle rules out most of the tree at once.
    private func topmostOpaqueView(in view: View, covering rect: PixelRect) -> View? {
        guard !view.isHidden, view.alpha >= 1, view.paintedSubtreeRect.contains(rect) else { return nil }
        for subview in view.subviews.reversed() {
            if let found = topmostOpaqueView(in: subview, covering: rect) { return found }
        }
        if view.rasterize || !view.paintedRect.contains(rect) { return nil }
        return view.coversOpaquely(rect) ? view : nil
    }

    func resetStatistics() { viewsPainted = 0 }
}
