import FoundationEssentials
import Glibc

/// How one picture differs from another, channel by channel: what golden-image checks, `kiosk test`
/// snapshot steps and partial-versus-full repaint checks report.
public struct SurfaceDifference {
    /// Pixels where some channel differs by more than the tolerance; when the sizes differ, every
    /// pixel of the larger picture.
    public let differingPixels: Int
    /// The largest difference seen in any channel of any pixel (255 when the sizes differ).
    public let largestDifference: Int
    /// The smallest rectangle holding every differing pixel (empty when none differ).
    public let differingBounds: PixelRect
    /// Differing pixels in red over a faded copy of the compared picture; made only when something
    /// differs and the sizes agree.
    public let image: Surface?

    /// Whether the pictures agree within the tolerance.
    public var isEmpty: Bool { differingPixels == 0 }
}

extension Surface {
    /// Compares this picture with `expected`, allowing `tolerance` in each channel (rounding, not
    /// changes). The top byte of an XRGB pixel is ignored: it reads as opaque.
    public func difference(from expected: Surface, tolerance: UInt8 = 0) -> SurfaceDifference {
        guard width == expected.width, height == expected.height else {
            return SurfaceDifference(differingPixels: max(width * height, expected.width * expected.height),
                                     largestDifference: 255, differingBounds: .zero, image: nil)
        }
        let actualPixels = pixels, expectedPixels = expected.pixels
        // Rows with the same bytes (the common case) are skipped without looking at each pixel;
        // that shortcut holds only when both pictures store a pixel the same way.
        let rowBytes = format == expected.format ? (format == .a8 ? width : width * 4) : 0
        var differing = 0, largest = 0
        var bounds = PixelRect.zero
        for y in 0..<height {
            if rowBytes > 0, memcmp(actualPixels + y * stride, expectedPixels + y * expected.stride, rowBytes) == 0 { continue }
            for x in 0..<width {
                let worst = Self.channelDifference(pixel(at: actualPixels, x: x, y: y),
                                                   expected.pixel(at: expectedPixels, x: x, y: y))
                largest = max(largest, worst)
                guard worst > Int(tolerance) else { continue }
                differing += 1
                let one = PixelRect(x: x, y: y, width: 1, height: 1)
                bounds = bounds.isEmpty ? one : bounds.union(one)
            }
        }
        guard differing > 0 else {
            return SurfaceDifference(differingPixels: 0, largestDifference: largest, differingBounds: .zero, image: nil)
        }
        return SurfaceDifference(differingPixels: differing, largestDifference: largest, differingBounds: bounds,
                                 image: differenceImage(against: expected, tolerance: tolerance))
    }

    /// Differing pixels in red; the others halved and lightened, so that the red stands out.
    private func differenceImage(against expected: Surface, tolerance: UInt8) -> Surface {
        let image = Surface(width: width, height: height, format: .argb32)
        let actualPixels = pixels, expectedPixels = expected.pixels, imagePixels = image.pixels
        for y in 0..<height {
            for x in 0..<width {
                let actual = pixel(at: actualPixels, x: x, y: y)
                let differs = Self.channelDifference(actual, expected.pixel(at: expectedPixels, x: x, y: y)) > Int(tolerance)
                let faded = 0xFF00_0000 | ((actual & 0x00FE_FEFE) >> 1) | 0x0040_4040
                imagePixels.storeBytes(of: differs ? 0xFFFF_0000 : faded, toByteOffset: y * image.stride + x * 4, as: UInt32.self)
            }
        }
        image.markDirty()
        return image
    }

    private static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for shift in Swift.stride(from: 0, through: 24, by: 8) {
            worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
        }
        return worst
    }
}
