import CPixman

/// pixman's image of a surface's own pixels (not a copy), for compositing into or out of it
/// without cairo's per-call set-up (`Canvas+Pixman.swift`). It lives as long as its surface,
/// which makes it on first use.
final class PixmanImage {
    let handle: OpaquePointer

    init(of surface: Surface) {
        let format: pixman_format_code_t = switch surface.format {
        case .argb32: PIXMAN_a8r8g8b8
        case .xrgb8888: PIXMAN_x8r8g8b8
        case .a8: PIXMAN_a8
        }
        handle = pixman_image_create_bits(format, Int32(surface.width), Int32(surface.height),
                                          surface.pixels.assumingMemoryBound(to: UInt32.self), Int32(surface.stride))!
    }

    deinit {
        pixman_image_unref(handle)
    }
}
