import KioskGraphics
import KioskUI

/// A layer view moved by whole pixels (a panel sliding or following a swipe) has what the last
/// frame showed of it moved from the buffer shown last into the one painted next, as a scroll
/// moves its pixels (`ScrollCopy`): only the part that came into view is composed from the layer.
/// A slide then costs about one copy of the screen, from one buffer to the other, where composing
/// both layers whole reads two more screens of memory.
///
/// The moved pixels are right where the layer is what painting gives (its picture is current, the
/// view opaque, at full alpha, on whole pixels now and at the last frame) and where, at neither
/// frame, anything was drawn over the view: later siblings of it and of its ancestors, and views
/// removed since, are cut out; an ancestor's border, cache or layer stops the move.
struct LayerMove {
    let view: View
    /// The pixels of the new frame the move made right.
    let valid: Region

    /// Moves the pixels of each layer view that moved and qualifies, from `source` (the last frame)
    /// into `buffer` (a different surface of the same size); returns the moves made. Not in a
    /// frame that scrolled by moving pixels (`scrolled`): those moved what the views inside the
    /// scrolled areas are recorded to have painted.
    static func apply(on screen: Screen, in buffer: Surface, from source: Surface, scrolled: Bool) -> [LayerMove] {
        guard !screen.everythingIsDamaged, !scrolled, buffer !== source else { return [] }
        var moves: [LayerMove] = []
        var written = Region()
        var pieces: [(rect: PixelRect, offset: PixelOffset)] = []
        for view in screen.geometryQueue where view.composesAsLayer {
            guard let move = validPixels(of: view, on: screen) else { continue }
            var valid = move.valid
            let offset = move.offset
            valid.subtract(written)
            guard !valid.isEmpty else { continue }
            valid.forEachRect { pieces.append(($0, offset)) }
            written.add(valid)
            moves.append(LayerMove(view: view, valid: valid))
        }
        if !pieces.isEmpty { buffer.copyPixels(pieces, from: source) }
        return moves
    }

    /// The pixels of the new frame that moving the last frame's pixels of `view` gets right, and
    /// how far they move.
    private static func validPixels(of view: View, on screen: Screen) -> (valid: Region, offset: PixelOffset)? {
        let scale = screen.scale
        guard view.screen === screen, !view.isQueuedForContent, LayerCache.isCopyable(view), view.isSeenAtFullAlpha,
              let cache = view.layerCache as? LayerCache, cache.isCurrent(for: view, scale: scale),
              let placement = cache.placement, placement.stacking == screen.stackingChanges,
              let origin = LayerCache.pixelOrigin(of: view, transform: view.transformToScreen, scale: scale) else { return nil }
        let area = PixelRect(x: origin.x, y: origin.y, width: placement.area.width, height: placement.area.height)
        let offset = PixelOffset(x: area.x - placement.area.x, y: area.y - placement.area.y)
        // What the view showed and shows: nothing of its own beyond the layer (no shadow).
        let oldVisible = view.paintedRect, newVisible = view.currentVisualPixelRect()
        guard offset != PixelOffset(x: 0, y: 0), !oldVisible.isEmpty, placement.area.contains(oldVisible),
              area.contains(newVisible), LayerCache.pixelSize(of: view, scale: scale) == (area.width, area.height)
        else { return nil }
        guard var cover = Cover(above: view, on: screen) else { return nil }
        cover.old.add(screen.removedDamage)
        var valid = Region(oldVisible)
        valid.subtract(cover.old)
        valid = valid.offsetBy(offset)
        valid.intersect(newVisible)
        valid.subtract(cover.new)
        return (valid, offset)
    }
}

/// What is drawn over a view: by everything painted after it, where it was at the last frame
/// (`old`) and where it is now (`new`). Nil when an ancestor draws over its subviews (a border)
/// or paints them from a cache of its own.
private struct Cover {
    var old = Region()
    var new = Region()

    init?(above view: View, on screen: Screen) {
        // The ancestors, nearest first; then a walk down from the root gives each one's geometry
        // from its parent's, where asking each for its own would walk up again.
        var ancestors: [View] = []
        var child = view
        while let parent = child.superview {
            if parent.rasterize || parent.composesAsLayer || parent.border != nil { return nil }
            ancestors.append(parent)
            child = parent
        }
        guard let root = ancestors.last else { return }
        var above = root.ancestorGeometry()
        for (level, parent) in ancestors.enumerated().reversed() {
            let forSubviews = parent.currentVisualPixelRect(below: above).forSubviews
            let child = level == 0 ? view : ancestors[level - 1]
            if let index = parent.subviews.firstIndex(where: { $0 === child }) {
                for later in parent.subviews[(index + 1)...] { add(later, below: forSubviews) }
            }
            above = forSubviews
        }
    }

    /// Adds what `view` and its subtree draw, at both frames.
    private mutating func add(_ view: View, below ancestors: AncestorGeometry) {
        let (rect, forSubviews) = view.currentVisualPixelRect(below: ancestors)
        let drawsNothing = view.drawsOnlyItsBackground && !view.isOpaque && view.border == nil && (view.shadow?.opacity ?? 0) <= 0
            && (view.backgroundColor.map { view.environment.resolve($0).alpha <= 0 } ?? true)
        if !drawsNothing {
            old.add(view.paintedRect)
            new.add(rect)
            // A clipping view's subtree draws inside its own rectangle.
            if view.clipsToBounds {
                old.add(view.paintedSubtreeRect)
                return
            }
        }
        for subview in view.subviews { add(subview, below: forSubviews) }
    }
}
