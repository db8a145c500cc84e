import KioskGraphics
import KioskUI

/// A scroll done by moving pixels: a view whose bounds origin moved by whole pixels since the last
/// frame has what it showed moved inside the shadow buffer, so only the strip scrolled into view
/// is painted (as LVGL and every browser scroll). The moved pixels are what painting the view at
/// its new origin would give, because a translation by whole pixels paints the same pixels.
///
/// It is done only where nothing else shows in the view's area: behind the content is one opaque
/// colour (the view's background, or a plain container's up the tree with nothing else painted
/// there), the view draws nothing of its own that would stay put (no corners, no border), clips
/// its content, sits under full alpha on whole pixels, and nothing painted after it, nor a border
/// of an ancestor, reaches into the area. Otherwise the frame paints the view as usual.
struct ScrollCopy {
    let view: View
    /// The view's area on the screen: what moved.
    let area: PixelRect
    /// How far the pixels moved.
    let offset: PixelOffset

    /// Where the moved pixels are right: the area less the strip that scrolled in.
    var validArea: PixelRect { area.intersection(area.offsetBy(offset)) }

    /// The strip that scrolled in, which is painted.
    var exposed: Region {
        var strip = Region(area)
        strip.subtract(Region(validArea))
        return strip
    }

    /// Moves the pixels of each scrolled view that qualifies and records the move in the painted
    /// extents of its subtree (they moved with their pixels); returns the moves made. The pixels
    /// come from `source` (the last frame) when `buffer` is another surface.
    static func apply(to scrolled: [(view: View, paintedOrigin: Point)], on screen: Screen, in buffer: Surface,
                      from source: Surface) -> [ScrollCopy] {
        guard !screen.everythingIsDamaged else { return [] }
        var copies: [ScrollCopy] = []
        for (view, paintedOrigin) in scrolled {
            guard let copy = qualifying(view, paintedOrigin: paintedOrigin, screen: screen),
                  !copies.contains(where: { $0.area.intersects(copy.area) }) else { continue }
            buffer.movePixels(in: copy.area, dx: copy.offset.x, dy: copy.offset.y, from: source)
            for subview in view.subviews { move(subview, by: copy.offset) }
            copies.append(copy)
        }
        return copies
    }

    private static func qualifying(_ view: View, paintedOrigin: Point, screen: Screen) -> ScrollCopy? {
        guard view.screen === screen, view is ScrollView, view.clipsToBounds, view.border == nil, view.cornerRadius == 0
        else { return nil }
        let scale = screen.scale
        let dx = (paintedOrigin.x - view.boundsOrigin.x) * scale, dy = (paintedOrigin.y - view.boundsOrigin.y) * scale
        guard dx.isWhole(within: 1e-6), dy.isWhole(within: 1e-6), dx != 0 || dy != 0 else { return nil }
        let area = view.paintedRect
        // Its place on the screen is the one the last frame painted, whole and on whole pixels.
        guard !area.isEmpty, area == view.currentVisualPixelRect(),
              let origin = LayerCache.pixelOrigin(of: view, transform: view.transformToScreen, scale: scale),
              area == PixelRect(x: origin.x, y: origin.y, width: Int((view.bounds.width * scale).rounded()),
                                height: Int((view.bounds.height * scale).rounded())),
              hasPlainBackdrop(view, in: area) else { return nil }
        // Checked as doubles first: an offset of 1e300 has no Int.
        guard abs(dx) < Double(area.width), abs(dy) < Double(area.height), nothingCovers(area, above: view) else { return nil }
        let offset = PixelOffset(x: Int(dx.rounded()), y: Int(dy.rounded()))
        return ScrollCopy(view: view, area: area, offset: offset)
    }

    /// Whether what shows behind the scrolled content in `area` is one opaque colour: the view's own
    /// background, or that of the nearest ancestor with one, with nothing in between that draws
    /// (only plain containers, at full alpha) and nothing painted before it there.
    private static func hasPlainBackdrop(_ view: View, in area: PixelRect) -> Bool {
        var current = view
        while true {
            guard current.drawsOnlyItsBackground, current.alpha >= 1, !current.rasterize, !current.composesAsLayer else { return false }
            if let background = current.backgroundColor, current.environment.resolve(background).alpha > 0 {
                return current.opaquePixelRects().contains { $0.contains(area) }
            }
            guard let parent = current.superview, let index = parent.subviews.firstIndex(where: { $0 === current }) else { return false }
            for earlier in parent.subviews[..<index] where reaches(earlier, into: area) { return false }
            current = parent
        }
    }

    /// Whether anything painted after `view` (later siblings of it and of its ancestors, and
    /// ancestors' borders, drawn over their subviews) reaches into `area`, or an ancestor composes
    /// its subtree from a cache.
    private static func nothingCovers(_ area: PixelRect, above view: View) -> Bool {
        var child = view
        while let parent = child.superview {
            if parent.rasterize || parent.composesAsLayer { return false }
            if parent.border != nil, parent.paintedRect.intersects(area) { return false }
            if let index = parent.subviews.firstIndex(where: { $0 === child }) {
                for later in parent.subviews[(index + 1)...] where reaches(later, into: area) { return false }
            }
            child = parent
        }
        return true
    }

    /// Where a view was painted and where it is now, its subtree included: one just added, or moved
    /// this frame, has no painted extent there yet.
    private static func reaches(_ view: View, into area: PixelRect) -> Bool {
        if view.paintedSubtreeRect.intersects(area) { return true }
        guard !view.isHidden else { return false }
        if view.currentVisualPixelRect().intersects(area) { return true }
        return view.subviews.contains { reaches($0, into: area) }
    }

    private static func move(_ view: View, by offset: PixelOffset) {
        // Nothing of the subtree was painted: nothing of it moved.
        guard !view.paintedSubtreeRect.isEmpty else { return }
        if view.composesAsLayer { LayerCache.of(view).forgetPlacement() }
        if !view.paintedRect.isEmpty { view.paintedRect = view.paintedRect.offsetBy(offset) }
        if !view.paintedSubtreeRect.isEmpty { view.paintedSubtreeRect = view.paintedSubtreeRect.offsetBy(offset) }
        for subview in view.subviews { move(subview, by: offset) }
    }
}
