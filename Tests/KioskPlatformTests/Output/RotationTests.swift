import KioskGraphics
import KioskPlatform
import Testing

/// Display and input share one `Rotation`: what the compositor writes at a buffer pixel and what a
/// touch on that pixel maps back to must be the same UI point, for every mounting.
struct RotationTests {
    /// An 800×480 buffer, as on many 7" panels.
    let width = 800, height = 480

    @Test(arguments: Rotation.allCases)
    func aTouchOnAPixelMapsBackToTheUIPointDrawnThere(rotation: Rotation) {
        let logical = rotation.logicalSize(forBufferWidth: width, height: height)
        for (x, y) in [(0, 0), (10, 20), (logical.width - 1, 0), (0, logical.height - 1), (logical.width - 1, logical.height - 1)] {
            let pixel = rotation.bufferRect(for: PixelRect(x: x, y: y, width: 1, height: 1), bufferWidth: width, bufferHeight: height)
            #expect(pixel.width == 1 && pixel.height == 1)
            #expect(pixel.x >= 0 && pixel.x < width && pixel.y >= 0 && pixel.y < height, "rotation \(rotation.rawValue)")
            let centre = Point(x: Double(pixel.x) + 0.5, y: Double(pixel.y) + 0.5)
            #expect(rotation.logicalPoint(forBufferPoint: centre, bufferWidth: width, bufferHeight: height)
                    == Point(x: Double(x) + 0.5, y: Double(y) + 0.5), "rotation \(rotation.rawValue)")
        }
    }

    @Test(arguments: Rotation.allCases)
    func bufferPointUndoesLogicalPoint(rotation: Rotation) {
        for point in [Point(x: 0, y: 0), Point(x: 12.5, y: 300.25), Point(x: 799, y: 479), Point(x: 100, y: 50)] {
            let logical = rotation.logicalPoint(forBufferPoint: point, bufferWidth: width, bufferHeight: height)
            #expect(rotation.bufferPoint(forLogicalPoint: logical, bufferWidth: width, bufferHeight: height) == point,
                    "rotation \(rotation.rawValue)")
        }
    }

    @Test func quarterTurnsSwapTheUISides() {
        #expect(Rotation.none.logicalSize(forBufferWidth: width, height: height) == (width: 800, height: 480))
        #expect(Rotation.upsideDown.logicalSize(forBufferWidth: width, height: height) == (width: 800, height: 480))
        #expect(Rotation.clockwise90.logicalSize(forBufferWidth: width, height: height) == (width: 480, height: 800))
        #expect(Rotation.clockwise270.logicalSize(forBufferWidth: width, height: height) == (width: 480, height: 800))
    }

    @Test func ninetyDegreesPutsTheUITopOnTheBufferRight() {
        // The UI's top-left pixel is the buffer's top-right one.
        #expect(Rotation.clockwise90.bufferRect(for: PixelRect(x: 0, y: 0, width: 1, height: 1), bufferWidth: width,
                                                bufferHeight: height) == PixelRect(x: 799, y: 0, width: 1, height: 1))
    }
}
