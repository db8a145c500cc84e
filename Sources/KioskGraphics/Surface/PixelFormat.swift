import CCairo

/// The pixel formats KioskKit paints into: both are 32 bits per pixel, native-endian 0xAARRGGBB.
public enum PixelFormat: Sendable {
    /// Premultiplied alpha: offscreen layers, rasterized subtrees, images.
    case argb32
    /// The scanout format (DRM XRGB8888): the top byte is ignored and reads as opaque.
    case xrgb8888
    /// One byte of coverage per pixel: shadow masks.
    case a8

    var cairoFormat: cairo_format_t {
        switch self {
        case .argb32: CAIRO_FORMAT_ARGB32
        case .xrgb8888: CAIRO_FORMAT_RGB24
        case .a8: CAIRO_FORMAT_A8
        }
    }
}
