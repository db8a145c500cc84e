import CCairo
import Foundation

public struct SurfaceError: Error, CustomStringConvertible {
    public let description: String
}

/// A block of pixels in memory that a `Canvas` paints into, owning its cairo image surface.
public final class Surface {
    let handle: OpaquePointer
    public let width: Int
    public let height: Int
    public let format: PixelFormat

    /// A new surface cleared to transparent black.
    public init(width: Int, height: Int, format: PixelFormat = .argb32) {
        handle = cairo_image_surface_create(format.cairoFormat, Int32(width), Int32(height))
        self.width = width
        self.height = height
        self.format = format
        LiveInstances.surfaces.increment()
    }

    /// Decodes a PNG file. Grey and palette PNGs are converted once to premultiplied ARGB.
    public init(contentsOfPNG path: String) throws {
        var surface = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw SurfaceError(description: "cannot read PNG \(path): \(String(cString: cairo_status_to_string(status)))")
        }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let sourceFormat = cairo_image_surface_get_format(surface)
        if sourceFormat != CAIRO_FORMAT_RGB24 && sourceFormat != CAIRO_FORMAT_ARGB32 {
            let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
            let cr = cairo_create(converted)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            surface = converted
        }
        handle = surface
        self.width = width
        self.height = height
        format = sourceFormat == CAIRO_FORMAT_RGB24 ? .xrgb8888 : .argb32
        LiveInstances.surfaces.increment()
    }

    deinit {
        cairo_surface_destroy(handle)
        LiveInstances.surfaces.decrement()
    }

    public var size: Size { Size(width: Double(width), height: Double(height)) }

    /// Bytes from one row to the next.
    public var stride: Int { Int(cairo_image_surface_get_stride(handle)) }

    /// The pixel memory. Callers that write through it must call `markDirty()` before cairo paints again.
    public var pixels: UnsafeMutableRawPointer {
        cairo_surface_flush(handle)
        return UnsafeMutableRawPointer(cairo_image_surface_get_data(handle))!
    }

    /// Tells cairo that the pixels were changed behind its back.
    public func markDirty() {
        cairo_surface_mark_dirty(handle)
    }

    /// The pixel at (x, y) as 0xAARRGGBB (premultiplied for argb32; alpha forced to FF for xrgb8888).
    public func pixel(x: Int, y: Int) -> UInt32 {
        switch format {
        case .a8: return UInt32(pixels.load(fromByteOffset: y * stride + x, as: UInt8.self)) << 24
        case .xrgb8888: return pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) | 0xFF00_0000
        case .argb32: return pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        }
    }

    public func writePNG(to path: String) throws {
        let status = cairo_surface_write_to_png(handle, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw SurfaceError(description: "cannot write PNG \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Copies rectangles of pixels from another surface of the same format and size.
    public func copyPixels(from source: Surface, in rect: PixelRect) {
        precondition(source.format == format && format != .a8, "copy between different pixel formats")
        let clipped = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        if clipped.isEmpty { return }
        let from = source.pixels, to = pixels
        let rowBytes = clipped.width * 4
        for row in clipped.y..<(clipped.y + clipped.height) {
            memcpy(to + row * stride + clipped.x * 4, from + row * source.stride + clipped.x * 4, rowBytes)
        }
        markDirty()
    }

    /// A new surface holding the same pixels.
    public func copy() -> Surface {
        let copy = Surface(width: width, height: height, format: format)
        copy.copyPixels(from: self, in: PixelRect(x: 0, y: 0, width: width, height: height))
        return copy
    }
}
