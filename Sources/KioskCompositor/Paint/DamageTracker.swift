import KioskGraphics
import KioskUI

/// Turns what changed in a screen's view tree since the last frame into a region of screen pixels:
/// for a view whose geometry changed, the old and new visual bounds of its whole subtree; for a
/// view whose content changed, the part it named (or all of it). Every rectangle is snapped
/// outward to whole pixels and includes shadows and drawing overhang.
final class DamageTracker {
    /// `copies`: the scrolls done by moving pixels this frame (`ScrollCopy`); their views' pixels
    /// and painted extents have moved already, so only what changed beyond the move is damage,
    /// and the strip scrolled into view. `moves`: the layers whose pixels moved (`LayerMove`);
    /// what they made right is no damage of a moved layer view's subtree (it is the view's own
    /// picture, or one drawn over it).
    func collect(from screen: Screen, copies: [ScrollCopy] = [], moves: [LayerMove] = []) -> Region {
        var damage = Region()
        if screen.everythingIsDamaged {
            screen.everythingIsDamaged = false
            drainQueues(of: screen)
            refreshAll(screen.rootView, below: screen.rootView.ancestorGeometry())
            damage.add(screen.pixelBounds)
            return damage
        }
        damage.add(screen.removedDamage)
        // What a removed view left inside a moved area moved with it.
        for copy in copies {
            screen.removedDamage.forEachRect { rect in damage.add(rect.intersection(copy.area).offsetBy(copy.offset)) }
            damage.add(copy.exposed)
        }
        screen.removedDamage.removeAll()

        let moved = screen.geometryQueue
        screen.geometryQueue.removeAll(keepingCapacity: true)
        var ancestors = AncestorRefresh()
        var movedPixels = Region()
        for move in moves { movedPixels.add(move.valid) }
        for view in moved {
            view.isQueuedForGeometry = false
            guard view.screen === screen else { continue }
            if let copy = copies.first(where: { $0.view === view }) {
                refreshMovedSubtree(of: view, valid: copy.validArea, damage: &damage)
            } else if moves.contains(where: { $0.view === view }) {
                var subtreeDamage = Region()
                refreshSubtree(view, below: view.ancestorGeometry(), damage: &subtreeDamage)
                subtreeDamage.subtract(movedPixels)
                damage.add(subtreeDamage)
            } else {
                refreshSubtree(view, below: view.ancestorGeometry(), damage: &damage)
            }
            view.subtreeExtent = view.extentOfSubtree()
            ancestors.add(view.superview)
        }
        for parent in screen.parentsOfRemovedViews where parent.screen === screen { ancestors.add(parent) }
        screen.parentsOfRemovedViews.removeAll(keepingCapacity: true)
        ancestors.refresh()

        let redrawn = screen.contentQueue
        screen.contentQueue.removeAll(keepingCapacity: true)
        for view in redrawn {
            view.isQueuedForContent = false
            let parts = view.pendingContentRects
            view.pendingContentRects.removeAll(keepingCapacity: true)
            guard view.screen === screen, !view.paintedRect.isEmpty else { continue }
            if parts.isEmpty {
                damage.add(view.paintedRect)
            } else {
                let toScreen = view.transformToScreen
                for part in parts {
                    damage.add(PixelRect(covering: toScreen.apply(to: part)).intersection(view.paintedRect))
                }
            }
        }
        damage.intersect(screen.pixelBounds)
        return damage
    }

    /// A layer view's place as this frame shows it, which the next frame may move its pixels from.
    private func recordLayerPlacement(of view: View, _ forSubviews: AncestorGeometry) {
        guard view.composesAsLayer else { return }
        LayerCache.of(view).recordPlacement(of: view, toScreen: forSubviews.toScreen, isVisible: forSubviews.isVisible)
    }

    private func drainQueues(of screen: Screen) {
        for view in screen.geometryQueue { view.isQueuedForGeometry = false }
        for view in screen.contentQueue {
            view.isQueuedForContent = false
            view.pendingContentRects.removeAll()
        }
        screen.geometryQueue.removeAll(keepingCapacity: true)
        screen.contentQueue.removeAll(keepingCapacity: true)
        screen.removedDamage.removeAll()
        screen.parentsOfRemovedViews.removeAll(keepingCapacity: true)
    }

    /// Damages where every view of the subtree was and is, and records where it is now.
    private func refreshSubtree(_ view: View, below ancestors: AncestorGeometry, damage: inout Region) {
        damage.add(view.paintedRect)
        let (rect, forSubviews) = view.currentVisualPixelRect(below: ancestors)
        view.paintedRect = rect
        recordLayerPlacement(of: view, forSubviews)
        damage.add(rect)
        var subtreeRect = rect
        for subview in view.subviews {
            refreshSubtree(subview, below: forSubviews, damage: &damage)
            subtreeRect = subtreeRect.union(subview.paintedSubtreeRect)
        }
        view.paintedSubtreeRect = subtreeRect
        // A view's extent is in its own coordinates: moving an ancestor leaves it as it is. It is
        // worked out where it is not known yet; the view that changed (the walk's first) and its
        // ancestors (`AncestorRefresh`) work theirs out again.
        if view.subtreeExtent == nil { view.subtreeExtent = view.extentOfSubtree() }
    }

    /// A scrolled view whose pixels were moved: each view inside damages where it was and is only
    /// where the moved pixels do not already show it (it moved by more than the scroll, or is
    /// queued to move itself); everything records where it is now.
    ///
    /// A view inside whose whole subtree lies within the moved pixels, away from their edges, and
    /// that is not queued to move itself, is where its pixels are: its extents (moved with them)
    /// stand, and it is not visited further. A fling frame costs the views at the edges, not all.
    /// The whole subtree is its extent (`subtreeExtent`), not what was painted of it: a subview
    /// out of sight beyond the moved pixels (clipped off last frame) may scroll into the strip.
    private func refreshMovedSubtree(of scrolled: View, valid: PixelRect, damage: inout Region) {
        let inside = PixelRect(x: valid.x + 1, y: valid.y + 1, width: valid.width - 2, height: valid.height - 2)
        func refresh(_ view: View, below ancestors: AncestorGeometry) {
            if !view.isQueuedForGeometry, let extent = view.subtreeExtent {
                let reach = PixelRect(covering: view.transformToSuperview.concatenating(ancestors.toScreen).apply(to: extent))
                if !view.paintedSubtreeRect.isEmpty, inside.contains(reach) { return }
                // Out of sight before (nothing of it painted), and out of sight where the scroll
                // put it: its painted extents stay empty.
                if view.paintedSubtreeRect.isEmpty, !reach.intersects(ancestors.clip) { return }
            }
            let old = view.paintedRect
            let (rect, forSubviews) = view.currentVisualPixelRect(below: ancestors)
            view.paintedRect = rect
            recordLayerPlacement(of: view, forSubviews)
            if view.isQueuedForGeometry || old.intersection(valid) != rect.intersection(valid) {
                damage.add(old)
                damage.add(rect)
            }
            var subtreeRect = rect
            for subview in view.subviews {
                refresh(subview, below: forSubviews)
                subtreeRect = subtreeRect.union(subview.paintedSubtreeRect)
            }
            view.paintedSubtreeRect = subtreeRect
            if view.subtreeExtent == nil { view.subtreeExtent = view.extentOfSubtree() }
        }
        let insideScrolled = scrolled.currentVisualPixelRect(below: scrolled.ancestorGeometry()).forSubviews
        var subtreeRect = scrolled.paintedRect
        for subview in scrolled.subviews {
            refresh(subview, below: insideScrolled)
            subtreeRect = subtreeRect.union(subview.paintedSubtreeRect)
        }
        scrolled.paintedSubtreeRect = subtreeRect
    }

    private func refreshAll(_ view: View, below ancestors: AncestorGeometry) {
        let (rect, forSubviews) = view.currentVisualPixelRect(below: ancestors)
        view.paintedRect = rect
        recordLayerPlacement(of: view, forSubviews)
        var subtreeRect = rect
        for subview in view.subviews {
            refreshAll(subview, below: forSubviews)
            subtreeRect = subtreeRect.union(subview.paintedSubtreeRect)
        }
        view.paintedSubtreeRect = subtreeRect
        view.subtreeExtent = view.extentOfSubtree()
    }
}

/// The ancestors of the views that moved in a frame, and the views that lost a subview with their
/// ancestors: each painted extent recomputed once, children before parents. Recomputing them per
/// change would visit a parent's subviews once for each of its moved or removed children:
/// quadratic when a reload moves or drops thousands of siblings.
private struct AncestorRefresh {
    private var seen: Set<ObjectIdentifier> = []
    private var ancestors: [(view: View, depth: Int)] = []

    /// Adds `view` and those of its ancestors not added yet.
    mutating func add(_ view: View?) {
        var chain: [View] = []
        var current = view
        while let ancestor = current, seen.insert(ObjectIdentifier(ancestor)).inserted {
            chain.append(ancestor)
            current = ancestor.superview
        }
        guard !chain.isEmpty else { return }
        // The depth of the last one found, counted from the root; the others lie below it.
        var top = 0
        var above = chain.last!.superview
        while let ancestor = above {
            top += 1
            above = ancestor.superview
        }
        for (offset, ancestor) in chain.enumerated() { ancestors.append((ancestor, top + chain.count - 1 - offset)) }
    }

    func refresh() {
        for (ancestor, _) in ancestors.sorted(by: { $0.depth > $1.depth }) {
            var subtreeRect = ancestor.paintedRect
            ViewTreeWork.subviewSlotsVisited += ancestor.subviews.count
            for subview in ancestor.subviews { subtreeRect = subtreeRect.union(subview.paintedSubtreeRect) }
            ancestor.paintedSubtreeRect = subtreeRect
            ancestor.subtreeExtent = ancestor.extentOfSubtree()
        }
    }
}
