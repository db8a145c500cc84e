import CCairo
import FoundationEssentials
import Glibc

/// Rasterizes antialiased shapes the same way whatever part of the screen is being repainted.
///
/// Cairo's scan converter decides, for each pixel row, between exact area coverage and
/// supersampling, and the choice depends on every edge crossing that row — including the edges a
/// clip rectangle adds where it cuts the shape. Painting a shape through a small damage clip could
/// therefore give its edge pixels slightly different values than a full repaint. Here a shape is
/// first rasterized into a coverage mask over its whole width (only whole pixel rows are cut, which
/// does not change any row's coverage), and the mask is then composited through the real clip, a
/// purely per-pixel operation. Partial and full repaints produce the same pixels, bit for bit.
final class CoverageScratch {
    let surface: Surface
    let cr: OpaquePointer

    init(width: Int, height: Int) {
        surface = Surface(width: width, height: height, format: .a8)
        cr = cairo_create(surface.handle)!
    }

    deinit {
        cairo_destroy(cr)
    }

    /// Clears `band` and prepares the scratch context to draw in the target's device space,
    /// limited to whole rows of the band.
    func begin(band: PixelRect, matrix: cairo_matrix_t) {
        let pixels = surface.pixels.assumingMemoryBound(to: UInt8.self)
        let stride = surface.stride
        for row in band.y..<band.maxY {
            memset(pixels + row * stride + band.x, 0, band.width)
        }
        surface.markDirty()
        cairo_reset_clip(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(band.x), Double(band.y), Double(band.width), Double(band.height))
        cairo_clip(cr)
        var m = matrix
        cairo_set_matrix(cr, &m)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
    }
}
