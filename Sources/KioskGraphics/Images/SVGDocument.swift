import CCairo
import CDeferredLibraries
import CRSVG

/// A parsed SVG file (an `RsvgHandle`, released with its owner), drawn as vectors at whatever size
/// and device scale it is shown at. It is read from bytes without a base location, so it cannot
/// pull in other files (external images or stylesheets).
public final class SVGDocument {
    private let handle: OpaquePointer
    /// The size the file declares in CSS pixels (`width`/`height`, else its `viewBox`).
    public let intrinsicSize: Size
    /// The file and modification time it was read from, naming its renderings in a cache.
    let origin: ImageFileStamp?

    init(bytes: [UInt8], name: String, origin: ImageFileStamp? = nil) throws(SurfaceError) {
        if let failure = kiosk_library_load(KIOSK_LIBRARY_RSVG) {
            throw SurfaceError(description: "cannot read SVG \(name): librsvg cannot be opened: \(String(cString: failure))")
        }
        var error: UnsafeMutablePointer<GError>?
        let created = bytes.withUnsafeBufferPointer { buffer in
            rsvg_handle_new_from_data(buffer.baseAddress, gsize(buffer.count), &error)
        }
        guard let created else { throw Self.failure(name, error) }
        handle = created
        self.origin = origin
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(created, &width, &height) == 0 {
            // Sizes in percent: the viewBox gives the proportions.
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(created, nil, nil, nil, nil, &hasViewBox, &viewBox)
            (width, height) = hasViewBox != 0 ? (viewBox.width, viewBox.height) : (0, 0)
        }
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            g_object_unref(UnsafeMutableRawPointer(created))
            throw SurfaceError(description: "cannot read SVG \(name): it has no size (give the <svg> a width and height or a viewBox)")
        }
        intrinsicSize = Size(width: width, height: height)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Draws the document stretched to `rect` in the canvas's current transform: vectors all the way
    /// to the device pixels.
    public func draw(in rect: Rect, canvas: Canvas) {
        guard !rect.isEmpty else { return }
        var viewport = RsvgRectangle(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
        var error: UnsafeMutablePointer<GError>?
        canvas.withSavedState {
            // The viewport keeps the document's proportions; stretching (`fit: fill`) is a scale.
            let scaleX = rect.width / intrinsicSize.width, scaleY = rect.height / intrinsicSize.height
            if abs(scaleX - scaleY) > 1e-9 {
                canvas.translate(x: rect.minX, y: rect.minY)
                canvas.scale(x: scaleX, y: scaleY)
                viewport = RsvgRectangle(x: 0, y: 0, width: intrinsicSize.width, height: intrinsicSize.height)
            }
            _ = rsvg_handle_render_document(handle, canvas.cr, &viewport, &error)
        }
        if let error { g_error_free(error) }
    }

    /// A surface of `width`×`height` device pixels holding the document drawn to fill it.
    public func rendered(width: Int, height: Int) -> Surface {
        let surface = Surface(width: width, height: height)
        let canvas = Canvas(surface: surface)
        draw(in: Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height)), canvas: canvas)
        return surface
    }

    private static func failure(_ name: String, _ error: UnsafeMutablePointer<GError>?) -> SurfaceError {
        defer { if let error { g_error_free(error) } }
        let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "not a valid SVG document"
        return SurfaceError(description: "cannot read SVG \(name): \(reason)")
    }
}
