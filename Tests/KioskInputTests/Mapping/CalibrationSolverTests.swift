import KioskGraphics
import Testing
@testable import KioskInput

/// The solver must recover a known matrix from touches made through it, and refuse touches that
/// cannot determine one.
struct CalibrationSolverTests {
    /// Where targets at these normalised positions are reported by a device whose readings are
    /// `skew` applied to the true position (so the calibration is skew's inverse).
    func pairs(targets: [Point], reportedThrough skew: (Point) -> Point) -> [CalibrationSolver.Pair] {
        targets.map { CalibrationSolver.Pair(raw: skew($0), target: $0) }
    }

    let corners = [Point(x: 0.125, y: 0.125), Point(x: 0.875, y: 0.125), Point(x: 0.875, y: 0.875), Point(x: 0.125, y: 0.875)]

    @Test func aScaledAndOffsetDeviceIsUndone() throws {
        // Reads 85% of the true x plus 7%, and 90% of y plus 4%.
        let pairs = pairs(targets: corners) { Point(x: 0.85 * $0.x + 0.07, y: 0.9 * $0.y + 0.04) }
        let matrix = try #require(CalibrationSolver.solve(pairs))
        #expect(abs(matrix.a - 1 / 0.85) < 1e-9)
        #expect(abs(matrix.c - -0.07 / 0.85) < 1e-9)
        #expect(abs(matrix.e - 1 / 0.9) < 1e-9)
        #expect(abs(matrix.f - -0.04 / 0.9) < 1e-9)
        #expect(abs(matrix.b) < 1e-9 && abs(matrix.d) < 1e-9)
        for pair in pairs { #expect(matrix.apply(toNormalized: pair.raw).distance(to: pair.target) < 1e-9) }
    }

    @Test func swappedAndMirroredAxesAreFound() throws {
        // A panel whose controller reports (1 - y, x): libinput's 90° example, the other way round.
        let matrix = try #require(CalibrationSolver.solve(pairs(targets: corners) { Point(x: 1 - $0.y, y: $0.x) }))
        let expected = CalibrationMatrix(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1)
        for (found, wanted) in zip(matrix.values, expected.values) { #expect(abs(found - wanted) < 1e-9) }
    }

    @Test func aShakyHandAveragesOut() throws {
        // Each corner touched 3 px (of 1280) off in a different direction: the fit stays within them.
        let jitter = [Point(x: 3, y: -3), Point(x: -3, y: 3), Point(x: 3, y: 3), Point(x: -3, y: -3)]
        let pairs = zip(corners, jitter).map { corner, offset in
            CalibrationSolver.Pair(raw: Point(x: corner.x + offset.x / 1280, y: corner.y + offset.y / 800), target: corner)
        }
        let matrix = try #require(CalibrationSolver.solve(pairs))
        let centre = matrix.apply(toNormalized: Point(x: 0.5, y: 0.5))
        #expect(abs(centre.x - 0.5) * 1280 < 3 && abs(centre.y - 0.5) * 800 < 3)
    }

    @Test func touchesThatSpanNoAreaGiveNoMatrix() {
        let sameSpot = corners.map { CalibrationSolver.Pair(raw: Point(x: 0.4, y: 0.4), target: $0) }
        #expect(CalibrationSolver.solve(sameSpot) == nil)
        let oneLine = corners.enumerated().map { CalibrationSolver.Pair(raw: Point(x: 0.2 * Double($0.offset), y: 0.5), target: $0.element) }
        #expect(CalibrationSolver.solve(oneLine) == nil)
        #expect(CalibrationSolver.solve(Array(pairs(targets: corners) { $0 }.prefix(2))) == nil)
        let notANumber = [CalibrationSolver.Pair(raw: Point(x: .nan, y: 0), target: corners[0])] + pairs(targets: corners) { $0 }
        #expect(CalibrationSolver.solve(notANumber) == nil)
    }
}
