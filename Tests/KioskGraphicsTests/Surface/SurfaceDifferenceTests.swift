import KioskGraphics
import Testing

/// One comparison serves golden images, `kiosk test` snapshots and partial-versus-full repaint
/// checks: what it counts, what it tolerates and the picture it draws of the difference.
struct SurfaceDifferenceTests {
    /// A picture of one colour, with `changes` set pixel by pixel (0xAARRGGBB).
    private func picture(_ fill: UInt32, width: Int = 4, height: Int = 3, format: PixelFormat = .argb32,
                         changes: [(x: Int, y: Int, value: UInt32)] = []) -> Surface {
        let surface = Surface(width: width, height: height, format: format)
        let pixels = surface.pixels
        for y in 0..<height {
            for x in 0..<width {
                pixels.storeBytes(of: fill, toByteOffset: y * surface.stride + x * 4, as: UInt32.self)
            }
        }
        for change in changes {
            pixels.storeBytes(of: change.value, toByteOffset: change.y * surface.stride + change.x * 4, as: UInt32.self)
        }
        surface.markDirty()
        return surface
    }

    @Test func equalPicturesHaveNoDifferenceAndNoImage() {
        let difference = picture(0xFF10_2030).difference(from: picture(0xFF10_2030))
        #expect(difference.isEmpty)
        #expect(difference.differingPixels == 0 && difference.largestDifference == 0)
        #expect(difference.differingBounds.isEmpty)
        #expect(difference.image == nil)
    }

    @Test func differencesWithinTheToleranceAreRoundingNotChanges() {
        let actual = picture(0xFF10_2030, changes: [(1, 1, 0xFF12_2030)])
        let expected = picture(0xFF10_2030)
        let tolerated = actual.difference(from: expected, tolerance: 2)
        #expect(tolerated.isEmpty)
        #expect(tolerated.largestDifference == 2, "the largest difference is reported even when tolerated")
        let strict = actual.difference(from: expected, tolerance: 1)
        #expect(strict.differingPixels == 1)
    }

    @Test func countsBoundsAndDrawsTheDifferingPixels() throws {
        let actual = picture(0xFF20_2020, changes: [(1, 0, 0xFF00_0000), (3, 2, 0xFF20_20FF)])
        let difference = actual.difference(from: picture(0xFF20_2020))
        #expect(difference.differingPixels == 2)
        #expect(difference.largestDifference == 0xDF)
        #expect(difference.differingBounds == PixelRect(x: 1, y: 0, width: 3, height: 3))
        let image = try #require(difference.image)
        #expect(image.width == 4 && image.height == 3)
        #expect(image.pixel(x: 1, y: 0) == 0xFFFF_0000)
        #expect(image.pixel(x: 3, y: 2) == 0xFFFF_0000)
        #expect(image.pixel(x: 0, y: 0) == 0xFF50_5050, "a same pixel is the actual one, faded (0x20 halved, 0x40 set)")
    }

    @Test func picturesOfDifferentSizesDifferEverywhere() {
        let difference = picture(0xFF00_0000, width: 4, height: 3).difference(from: picture(0xFF00_0000, width: 2, height: 8))
        #expect(difference.differingPixels == 16)
        #expect(difference.largestDifference == 255)
        #expect(difference.image == nil)
    }

    @Test func theUnusedByteOfXRGBIsIgnored() {
        let scanout = picture(0x0011_2233, format: .xrgb8888)
        #expect(scanout.difference(from: picture(0xFF11_2233)).isEmpty)
        #expect(scanout.difference(from: picture(0x7711_2233, format: .xrgb8888)).isEmpty)
    }

    @Test func aMaskIsComparedPixelByPixelWithAColourPicture() {
        // The mask's row holds as many bytes as the first pixel of the colour picture's row: equal
        // bytes there say nothing about the rest of the row.
        let mask = Surface(width: 4, height: 1, format: .a8)
        let colour = picture(0x0000_0000, height: 1, changes: [(3, 0, 0xFF00_0000)])
        #expect(mask.difference(from: colour).differingPixels == 1)
    }
}
