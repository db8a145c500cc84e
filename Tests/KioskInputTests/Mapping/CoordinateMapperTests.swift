import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskInput

/// An 800×480 panel, as on many 7" kiosks.
private let width = 800, height = 480

@Test func identityMappingScalesNormalisedPositionsToDisplayPixels() {
    let mapper = CoordinateMapper(displayWidth: width, displayHeight: height)
    #expect(mapper.uiPoint(forNormalized: Point(x: 0.25, y: 0.5)) == Point(x: 200, y: 240))
    #expect(mapper.uiSize == Size(width: 800, height: 480))
}

@Test func calibrationIsAppliedInNormalisedDeviceSpace() {
    // A panel mounted mirrored left-right: x' = 1 - x (libinput's documented example matrix).
    let mirrored = CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0)
    let mapper = CoordinateMapper(displayWidth: width, displayHeight: height, calibration: mirrored)
    #expect(mapper.uiPoint(forNormalized: Point(x: 0.25, y: 0.5)) == Point(x: 600, y: 240))

    // Swapped axes with a 10% offset: the translation is a fraction of the range, not pixels.
    let swapped = CalibrationMatrix(a: 0, b: 1, c: 0.1, d: 1, e: 0, f: 0)
    let other = CoordinateMapper(displayWidth: width, displayHeight: height, calibration: swapped)
    #expect(other.uiPoint(forNormalized: Point(x: 0.5, y: 0.25)) == Point(x: 280, y: 240))
}

@Test func calibrationParsesUdevStyleText() {
    #expect(CalibrationMatrix(parsing: "0 -1 1 1 0 0") == CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0))
    #expect(CalibrationMatrix(parsing: "1,0,0,0,1,0") == .identity)
    #expect(CalibrationMatrix(parsing: "1 0 0 0 1") == nil)
    #expect(CalibrationMatrix(parsing: "1 0 0 0 1 x") == nil)
}

@Test(arguments: Rotation.allCases)
func rotationMapsDisplayPointsBackToTheUIPointDrawnThere(rotation: Rotation) {
    let mapper = CoordinateMapper(displayWidth: width, displayHeight: height, rotation: rotation)
    for logical in [Point(x: 10, y: 20), Point(x: 300, y: 100), Point(x: 0, y: 0)] {
        // Where the compositor shows it (RotationTests check this against the pixels it writes).
        let display = rotation.bufferPoint(forLogicalPoint: logical, bufferWidth: width, bufferHeight: height)
        #expect(mapper.uiPoint(forDisplayPoint: display) == logical, "rotation \(rotation.rawValue)")
    }
}

@Test func rotationNinetyPutsTheUITopOnTheDisplayRight() {
    let mapper = CoordinateMapper(displayWidth: width, displayHeight: height, rotation: .clockwise90)
    #expect(mapper.uiSize == Size(width: 480, height: 800))
    // A touch near the display's right edge, at its top, is at the UI's top-left.
    #expect(mapper.uiPoint(forDisplayPoint: Point(x: 790, y: 5)) == Point(x: 5, y: 10))
    // Buffer (bx, by) → logical (by, W - bx).
    #expect(mapper.uiPoint(forDisplayPoint: Point(x: 100, y: 50)) == Point(x: 50, y: 700))
}

@Test func calibrationComesBeforeRotation() {
    let mirrored = CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0)
    let expectations: [Rotation: Point] = [
        .none: Point(x: 600, y: 120),
        .clockwise90: Point(x: 120, y: 200),
        .upsideDown: Point(x: 200, y: 360),
        .clockwise270: Point(x: 360, y: 600),
    ]
    for (rotation, expected) in expectations {
        let mapper = CoordinateMapper(displayWidth: width, displayHeight: height, calibration: mirrored, rotation: rotation)
        // Normalised (0.25, 0.25) → mirrored (0.75, 0.25) → display (600, 120) → rotated.
        #expect(mapper.uiPoint(forNormalized: Point(x: 0.25, y: 0.25)) == expected, "rotation \(rotation.rawValue)")
    }
}
