import CCairo
import CPixman
import FoundationEssentials
import Glibc

extension Canvas {
    /// Composites a picture at a whole device pixel, unscaled and unfiltered, inside `rects`
    /// (device pixels) and the current clip. An opaque picture at full alpha replaces what is
    /// there: a plain copy of rows. Otherwise it is painted over it with `alpha`, as a group
    /// with that opacity would be.
    public func composite(_ layer: Surface, atPixelX x: Int, y: Int, within rects: [PixelRect], alpha: Double = 1) {
        guard alpha > 0, !rects.isEmpty else { return }
        if alpha >= 1, layer.format == .xrgb8888, surface.format == .xrgb8888, copyRows(of: layer, atPixelX: x, y: y, within: rects) {
            return
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        for rect in rects { cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height)) }
        cairo_clip(cr)
        cairo_set_source_surface(cr, layer.handle, Double(x), Double(y))
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        if alpha >= 1 {
            if layer.format == .xrgb8888 { cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE) }
            cairo_paint(cr)
        } else {
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }

    /// Copies rows of an opaque layer straight into the surface, inside `rects` and the clip: what
    /// cairo would do for an unscaled opaque source, without its per-call setup. Returns false
    /// (copying nothing) while painting into a group, or when the clip is not made of whole pixels.
    private func copyRows(of layer: Surface, atPixelX x: Int, y: Int, within rects: [PixelRect]) -> Bool {
        guard paintsIntoSurface, let clip = wholePixelClip() else { return false }
        let bounds = PixelRect(x: 0, y: 0, width: surface.width, height: surface.height)
        let area = PixelRect(x: x, y: y, width: layer.width, height: layer.height)
        let from = layer.pixels, to = surface.pixels
        let fromStride = layer.stride, toStride = surface.stride
        for rect in rects {
            for part in clip {
                let box = rect.intersection(part).intersection(area).intersection(bounds)
                guard !box.isEmpty else { continue }
                let rowBytes = box.width * 4
                for row in box.y..<box.maxY {
                    memcpy(to + row * toStride + box.x * 4, from + (row - y) * fromStride + (box.x - x) * 4, rowBytes)
                }
                surface.markDirty(box)
            }
        }
        return true
    }

    /// Fills the rows of a `width`-pixel-wide area whose top-left is device pixel (`x`, `y`), each with
    /// its own value (`rows[0]` the top one), inside the clip: a vertical gradient rendered once, for
    /// the price of writing its pixels. Returns false, writing nothing, while painting into a group,
    /// or when the clip is not made of whole pixels.
    /// From this many pixels a row is filled by pixman, below it by a loop of stores.
    static let pixmanFillWidth = 128

    public func fillRows(with rows: [UInt32], atPixelX x: Int, y: Int, width: Int) -> Bool {
        guard paintsIntoSurface, let clip = wholePixelClip() else { return false }
        let area = PixelRect(x: x, y: y, width: width, height: rows.count)
        let bounds = PixelRect(x: 0, y: 0, width: surface.width, height: surface.height)
        let pixels = surface.pixels, stride = surface.stride
        for part in clip {
            let box = part.intersection(area).intersection(bounds)
            guard !box.isEmpty else { continue }
            let words = pixels.assumingMemoryBound(to: UInt32.self)
            rows.withUnsafeBufferPointer { values in
                for row in box.y..<box.maxY {
                    if box.width >= Self.pixmanFillWidth {
                        // pixman's fill writes whole vectors in any build.
                        _ = pixman_fill(words, Int32(stride / 4), 32, Int32(box.x), Int32(row), Int32(box.width), 1, values[row - y])
                    } else {
                        // Between cards a row is a few dozen pixels: a call into pixman costs more than the stores.
                        (words + row * (stride / 4) + box.x).update(repeating: values[row - y], count: box.width)
                    }
                }
            }
            surface.markDirty(box)
        }
        return true
    }

    /// Whether painting lands in the surface itself, not in a group that is composited later.
    var paintsIntoSurface: Bool { cairo_get_group_target(cr) == cairo_get_target(cr) }

    /// The clip as rectangles of whole device pixels, or nil when it is not made of them (a
    /// rounded clip, or one between pixels).
    func wholePixelClip() -> [PixelRect]? {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let list = cairo_copy_clip_rectangle_list(cr)
        cairo_restore(cr)
        guard let list else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        var clip: [PixelRect] = []
        for index in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[index]
            guard r.x.isWhole, r.y.isWhole, r.width.isWhole, r.height.isWhole else { return nil }
            clip.append(PixelRect(x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height)))
        }
        return clip
    }

    /// Clears the whole surface to transparent (a layer about to be painted again).
    public func clearAll() {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_reset_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
