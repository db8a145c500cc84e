import CCairo
import CPixman

/// A solid colour through a coverage mask, and a solid rectangle, composited by pixman straight
/// into the surface. cairo ends in the same pixman call, after a set-up (its state, the clip, the
/// source pattern, the choice of compositor) that costs more than compositing a small damage
/// rectangle: for a ring's update, two masks and two fills, it was a fifth of the frame. The
/// pixels are the same bit for bit: the colour is converted as cairo converts it, and the
/// operator is the one cairo picks. Where the shortcut does not hold (painting into a group, an
/// operator other than OVER, a clip that is not whole pixels) the caller asks cairo instead.
extension Canvas {
    /// Paints `color` through the a8 `mask` whose top-left pixel goes at device pixel (`x`, `y`),
    /// inside the clip and `limit` (device pixels): by pixman where the shortcut holds, else by
    /// cairo.
    func paint(_ color: RGBA, throughMask mask: Surface, atPixelX x: Int, y: Int, within limit: PixelRect? = nil) {
        if composite(color, throughMask: mask, atPixelX: x, y: y, within: limit) { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        if let limit {
            cairo_rectangle(cr, Double(limit.x), Double(limit.y), Double(limit.width), Double(limit.height))
            cairo_clip(cr)
        }
        setSource(color)
        cairo_mask_surface(cr, mask.handle, Double(x), Double(y))
        cairo_restore(cr)
    }

    /// `paint(_:throughMask:atPixelX:y:within:)` by pixman. Returns false, painting nothing, where
    /// cairo must do it.
    private func composite(_ color: RGBA, throughMask mask: Surface, atPixelX x: Int, y: Int, within limit: PixelRect?) -> Bool {
        guard mask.format == .a8 else { return false }
        var area = PixelRect(x: x, y: y, width: mask.width, height: mask.height)
        if let limit { area = area.intersection(limit) }
        var source = Self.pixmanColor(color)
        let solid = pixman_image_create_solid_fill(&source)!
        defer { pixman_image_unref(solid) }
        cairo_surface_flush(mask.handle)
        let coverage = mask.pixmanImage.handle
        return forEachPartInClip(of: area) { target, box in
            pixman_image_composite32(PIXMAN_OP_OVER, solid, coverage, target, 0, 0, Int32(box.x - x), Int32(box.y - y),
                                     Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
        }
    }

    /// Fills `rect` (device pixels) with `color` inside the clip. Returns false, painting nothing,
    /// where cairo must do it.
    func fill(pixels rect: PixelRect, with color: RGBA) -> Bool {
        var source = Self.pixmanColor(color)
        return forEachPartInClip(of: rect) { target, box in
            // An opaque colour is written as it is (pixman turns OVER into SRC), as cairo does.
            var pixmanBox = pixman_box32_t(x1: Int32(box.x), y1: Int32(box.y), x2: Int32(box.maxX), y2: Int32(box.maxY))
            _ = pixman_image_fill_boxes(PIXMAN_OP_OVER, target, &source, 1, &pixmanBox)
        }
    }

    /// Calls `body` with the surface's pixman image and each part of `area` (device pixels) the
    /// clip lets through, and tells cairo those pixels changed: where the shortcut holds. Returns
    /// false, calling nothing, where it does not.
    private func forEachPartInClip(of area: PixelRect, _ body: (OpaquePointer, PixelRect) -> Void) -> Bool {
        guard compositesWithPixman, paintsIntoSurface, cairo_get_operator(cr) == CAIRO_OPERATOR_OVER,
              let clip = wholePixelClip() else { return false }
        let area = area.intersection(PixelRect(x: 0, y: 0, width: surface.width, height: surface.height))
        cairo_surface_flush(surface.handle)
        let target = surface.pixmanImage.handle
        for part in clip {
            let box = part.intersection(area)
            guard !box.isEmpty else { continue }
            body(target, box)
            surface.markDirty(box)
        }
        return true
    }

    /// The colour as cairo hands it to pixman: each component clamped to 0…1, premultiplied, in
    /// 16 bits rounded to the nearest.
    static func pixmanColor(_ color: RGBA) -> pixman_color_t {
        func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        func short(_ value: Double) -> UInt16 { UInt16(value * 65535 + 0.5) }
        let alpha = unit(color.alpha)
        return pixman_color_t(red: short(unit(color.red) * alpha), green: short(unit(color.green) * alpha),
                              blue: short(unit(color.blue) * alpha), alpha: short(alpha))
    }
}
