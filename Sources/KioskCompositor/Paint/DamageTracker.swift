import KioskGraphics
import KioskUI

/// Turns what changed in a screen's view tree since the last frame into a region of screen pixels:
/// for a view whose geometry changed, the old and new visual bounds of its whole subtree; for a
/// view whose content changed, the part it named (or all of it). Every rectangle is snapped
/// outward to whole pixels and includes shadows and drawing overhang.
final class DamageTracker {
    func collect(from screen: Screen) -> Region {
        var damage = Region()
        if screen.everythingIsDamaged {
            screen.everythingIsDamaged = false
            drainQueues(of: screen)
            refreshAll(screen.rootView)
            damage.add(screen.pixelBounds)
            return damage
        }
        damage.add(screen.removedDamage)
        screen.removedDamage.removeAll()

        let moved = screen.geometryQueue
        screen.geometryQueue.removeAll(keepingCapacity: true)
        for view in moved {
            view.isQueuedForGeometry = false
            guard view.screen === screen else { continue }
            refreshSubtree(view, damage: &damage)
            refreshAncestors(of: view)
        }

        let redrawn = screen.contentQueue
        screen.contentQueue.removeAll(keepingCapacity: true)
        for view in redrawn {
            view.isQueuedForContent = false
            let part = view.pendingContentRect
            view.pendingContentRect = nil
            guard view.screen === screen, !view.paintedRect.isEmpty else { continue }
            if let part {
                damage.add(PixelRect(covering: view.transformToScreen.apply(to: part)).intersection(view.paintedRect))
            } else {
                damage.add(view.paintedRect)
            }
        }
        damage.intersect(screen.pixelBounds)
        return damage
    }

    private func drainQueues(of screen: Screen) {
        for view in screen.geometryQueue { view.isQueuedForGeometry = false }
        for view in screen.contentQueue {
            view.isQueuedForContent = false
            view.pendingContentRect = nil
        }
        screen.geometryQueue.removeAll(keepingCapacity: true)
        screen.contentQueue.removeAll(keepingCapacity: true)
        screen.removedDamage.removeAll()
    }

    /// Damages where every view of the subtree was and is, and records where it is now.
    private func refreshSubtree(_ view: View, damage: inout Region) {
        damage.add(view.paintedRect)
        view.paintedRect = view.currentVisualPixelRect()
        damage.add(view.paintedRect)
        var subtreeRect = view.paintedRect
        for subview in view.subviews {
            refreshSubtree(subview, damage: &damage)
            subtreeRect = subtreeRect.union(subview.paintedSubtreeRect)
        }
        view.paintedSubtreeRect = subtreeRect
    }

    private func refreshAll(_ view: View) {
        view.paintedRect = view.currentVisualPixelRect()
        var subtreeRect = view.paintedRect
        for subview in view.subviews {
            refreshAll(subview)
            subtreeRect = subtreeRect.union(subview.paintedSubtreeRect)
        }
        view.paintedSubtreeRect = subtreeRect
    }

    private func refreshAncestors(of view: View) {
        var current = view.superview
        while let ancestor = current {
            var subtreeRect = ancestor.paintedRect
            for subview in ancestor.subviews { subtreeRect = subtreeRect.union(subview.paintedSubtreeRect) }
            ancestor.paintedSubtreeRect = subtreeRect
            current = ancestor.superview
        }
    }
}
