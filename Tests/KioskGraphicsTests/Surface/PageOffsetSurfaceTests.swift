import Foundation
import KioskGraphics
import Testing

/// A surface whose pixels start at a chosen offset into a page, in a mapping of their own: cleared,
/// painted like any other, and unmapped once cairo lets it go.
struct PageOffsetSurfaceTests {
    @Test(arguments: [0, 16, 2048, 4080])
    func itsPixelsStartAtTheOffsetAndAreCleared(offset: Int) {
        let surface = Surface(width: 300, height: 20, format: .xrgb8888, pageOffset: offset)
        #expect(Int(bitPattern: surface.pixels) % 4096 == offset)
        #expect(surface.stride >= 300 * 4)
        #expect((0..<20).allSatisfy { surface.pixel(x: 299, y: $0) == 0xFF00_0000 })
        Canvas(surface: surface).fill(Rect(x: 10, y: 5, width: 4, height: 4), color: RGBA(hex: 0x336699))
        #expect(surface.pixel(x: 11, y: 6) == 0xFF33_6699)
        #expect(surface.pixel(x: 9, y: 6) == 0xFF00_0000)
    }

    @Test func theMappingGoesWithTheSurface() {
        var start: UnsafeMutableRawPointer?
        do {
            let surface = Surface(width: 1024, height: 64, format: .argb32, pageOffset: 2048)
            start = surface.pixels - 2048
            #expect(Self.isMapped(start!))
        }
        #expect(!Self.isMapped(start!))
    }

    @Test func sizesOutOfBoundsAreHeldAsForAnyOtherSurface() {
        let empty = Surface(width: -5, height: 0, format: .xrgb8888, pageOffset: 2048)
        #expect(empty.width == 1 && empty.height == 1)
        let wide = Surface(width: 40_000, height: 1, format: .a8, pageOffset: 0)
        #expect(wide.width == Surface.maximumSide)
    }

    /// Whether the page at `address` is mapped: mincore fails with ENOMEM on one that is not.
    static func isMapped(_ address: UnsafeMutableRawPointer) -> Bool {
        var residency: UInt8 = 0
        return mincore(address, 4096, &residency) == 0
    }
}
