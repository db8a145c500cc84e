import KioskGraphics
import KioskInput
import KioskPlatform
import Testing
@testable import KioskRuntime

/// The on-screen calibration, driven the way a person at a skewed touchscreen would: each
/// crosshair touched where it is shown, the touch reported where the device thinks it is.
struct CalibrationSessionTests {
    let width = 1280, height = 800

    /// A device that reports 85% of x plus 90 px and 90% of y plus 30 px (in buffer pixels).
    func skewed(_ buffer: Point) -> Point { Point(x: 0.85 * buffer.x + 90, y: 0.9 * buffer.y + 30) }

    /// The UI point an uncalibrated runtime delivers for a finger on UI point `point`.
    func reported(_ point: Point, rotation: Rotation) -> Point {
        let buffer = rotation.bufferPoint(forLogicalPoint: point, bufferWidth: width, bufferHeight: height)
        return rotation.logicalPoint(forBufferPoint: skewed(buffer), bufferWidth: width, bufferHeight: height)
    }

    func session(_ rotation: Rotation) -> CalibrationSession {
        let size = rotation.logicalSize(forBufferWidth: width, height: height)
        return CalibrationSession(uiSize: Size(width: Double(size.width), height: Double(size.height)),
                                  bufferWidth: width, bufferHeight: height, rotation: rotation)
    }

    @Test(arguments: Rotation.allCases)
    func fourCornersAndACheckGiveAMatrixThatPutsTouchesOnTarget(rotation: Rotation) throws {
        var session = session(rotation)
        var outcome: CalibrationSession.Outcome?
        for (index, target) in session.targets.enumerated() {
            outcome = session.touch(samples: [reported(target, rotation: rotation)])
            if index < 4 { #expect(outcome == .next(index + 1)) }
        }
        guard case .finished(let matrix, let error) = outcome else {
            Issue.record("not finished: \(String(describing: outcome))")
            return
        }
        #expect(error < 0.01)
        // The matrix is the kiosk's: through the runtime's mapper a skewed touch lands where aimed.
        let mapper = CoordinateMapper(displayWidth: width, displayHeight: height, calibration: matrix, rotation: rotation)
        for aim in [Point(x: 300, y: 200), Point(x: 10, y: 10), Point(x: 470, y: 790)] {
            let buffer = rotation.bufferPoint(forLogicalPoint: aim, bufferWidth: width, bufferHeight: height)
            let raw = skewed(buffer)
            let landed = mapper.uiPoint(forNormalized: Point(x: raw.x / Double(width), y: raw.y / Double(height)))
            #expect(landed.distance(to: aim) < 0.01, "rotation \(rotation.rawValue)")
        }
    }

    @Test func crosshairsSitOnPixelCentresAnEighthIn() {
        let targets = session(.none).targets
        #expect(targets.first == Point(x: 160.5, y: 100.5))
        #expect(targets[2] == Point(x: 1120.5, y: 700.5))
        #expect(targets.last == Point(x: 640.5, y: 400.5))
        #expect(session(.clockwise90).targets[1] == Point(x: 700.5, y: 160.5))
    }

    @Test func aSecondTapOnTheSameSpotIsRefused() {
        var session = session(.none)
        let first = reported(session.targets[0], rotation: .none)
        #expect(session.touch(samples: [first]) == .next(1))
        guard case .again(1, _) = session.touch(samples: [Point(x: first.x + 4, y: first.y + 2)]) else {
            Issue.record("a double tap was taken as the second crosshair")
            return
        }
        #expect(session.current == 1)
    }

    @Test func aTouchThatSlidesIsRefused() {
        var session = session(.none)
        let start = reported(session.targets[0], rotation: .none)
        let outcome = session.touch(samples: [start, Point(x: start.x + 80, y: start.y)])
        guard case .again(0, let reason) = outcome else {
            Issue.record("a sliding touch was taken: \(outcome)")
            return
        }
        #expect(reason.contains("slid"))
    }

    @Test func aMissedCheckStartsOverAndGivesUpAfterThreeRounds() {
        var session = session(.none)
        var outcomes: [CalibrationSession.Outcome] = []
        for _ in 0..<CalibrationSession.maximumRounds {
            for target in session.targets.prefix(4) { _ = session.touch(samples: [reported(target, rotation: .none)]) }
            // The check crosshair touched 60 px to its right.
            let check = session.targets[4]
            outcomes.append(session.touch(samples: [reported(Point(x: check.x + 60, y: check.y), rotation: .none)]))
        }
        guard case .restart(let error) = outcomes[0], case .restart = outcomes[1], case .failed = outcomes[2] else {
            Issue.record("outcomes \(outcomes)")
            return
        }
        #expect(abs(error - 60) < 0.5)
        #expect(session.round == 3)
    }

    @Test func theCheckAcceptsWhatAFingertipMisses() {
        var session = session(.none)
        #expect(abs(session.tolerance - 15.09) < 0.01)
        for target in session.targets.prefix(4) { _ = session.touch(samples: [reported(target, rotation: .none)]) }
        let check = session.targets[4]
        guard case .finished(_, let error) = session.touch(samples: [reported(Point(x: check.x + 6, y: check.y - 8), rotation: .none)]) else {
            Issue.record("a check 10 px off was refused")
            return
        }
        #expect(abs(error - 10) < 0.01)
    }
}
