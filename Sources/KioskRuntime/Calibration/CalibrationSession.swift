import KioskGraphics
import KioskInput
import KioskPlatform

/// The on-screen calibration as pure logic: four crosshairs near the corners to touch, then a fifth
/// in the middle that checks the matrix the four gave. It takes touches (in UI points, read with no
/// calibration applied) and returns what happened as a value; `CalibrationRun` shows it.
///
/// The matrix is computed in libinput's space (the device position normalised to 0…1 against the
/// display buffer normalised to 0…1, before rotation), because that is what `input.calibration`
/// holds and what `CoordinateMapper` applies; the rotation is undone on both sides first, so a
/// panel calibrates the same whichever way it is mounted.
nonisolated struct CalibrationSession {
    /// Where the crosshairs are, as fractions of the UI: an eighth in from each edge (far enough
    /// from the bezel to be touched squarely, far enough apart to measure scale), clockwise from
    /// the top left, then the centre to verify.
    static let targetFractions = [Point(x: 0.125, y: 0.125), Point(x: 0.875, y: 0.125), Point(x: 0.875, y: 0.875),
                                  Point(x: 0.125, y: 0.875), Point(x: 0.5, y: 0.5)]
    /// How many of them make the matrix; the rest verify it.
    static let measuredCount = 4
    /// A touch this close (normalised) to an earlier one is a second tap on the same spot, not the
    /// next crosshair.
    static let minimumSpread = 0.05
    /// A finger that slid further than this (normalised) between down and up gives no clear point.
    static let maximumSlide = 0.03
    /// Rounds that may fail verification before the session gives up.
    static let maximumRounds = 3

    /// What a touch did.
    enum Outcome: Equatable {
        /// The next crosshair (its index) is to be touched.
        case next(Int)
        /// The same crosshair again, for this reason.
        case again(Int, reason: String)
        /// The check point missed by `error` pixels: start over from the first crosshair.
        case restart(error: Double)
        /// Done: the matrix and how far (pixels) the check point landed from its crosshair.
        case finished(CalibrationMatrix, error: Double)
        /// Verification failed `maximumRounds` times.
        case failed(error: Double)
    }

    let uiSize: Size
    let bufferWidth: Int
    let bufferHeight: Int
    let rotation: Rotation
    /// The largest verification error (pixels) that is accepted.
    let tolerance: Double

    /// The crosshair to touch now.
    private(set) var current = 0
    private(set) var round = 1
    private var raw: [Point] = []
    private var matrix: CalibrationMatrix?

    init(uiSize: Size, bufferWidth: Int, bufferHeight: Int, rotation: Rotation, tolerance: Double? = nil) {
        self.uiSize = uiSize
        self.bufferWidth = bufferWidth
        self.bufferHeight = bufferHeight
        self.rotation = rotation
        // A finger is about 8 mm; 1% of the diagonal (9 px at 800×480, 15 at 1280×800) is well inside
        // it while no mis-calibration that matters passes.
        let diagonal = (Double(bufferWidth * bufferWidth + bufferHeight * bufferHeight)).squareRoot()
        self.tolerance = tolerance ?? max(8, diagonal / 100)
    }

    /// The crosshairs in UI points, on whole pixels' centres so a one-pixel line is crisp.
    var targets: [Point] {
        Self.targetFractions.map { fraction in
            Point(x: (fraction.x * uiSize.width).rounded(.down) + 0.5, y: (fraction.y * uiSize.height).rounded(.down) + 0.5)
        }
    }

    /// A finished touch: every position it reported from down to up, in UI points.
    mutating func touch(samples: [Point]) -> Outcome {
        guard let first = samples.first else { return .again(current, reason: "no position was reported") }
        let points = samples.map(normalised)
        let start = normalised(first)
        if points.contains(where: { $0.distance(to: start) > Self.maximumSlide }) {
            return .again(current, reason: "the touch slid: touch the crosshair and lift without moving")
        }
        let centre = Point(x: points.map(\.x).reduce(0, +) / Double(points.count),
                           y: points.map(\.y).reduce(0, +) / Double(points.count))
        if raw.contains(where: { $0.distance(to: centre) < Self.minimumSpread }) {
            return .again(current, reason: "that touch was where an earlier one was: touch the crosshair shown now")
        }
        raw.append(centre)
        if current < Self.measuredCount - 1 {
            current += 1
            return .next(current)
        }
        if current == Self.measuredCount - 1 {
            let pairs = (0..<Self.measuredCount).map { CalibrationSolver.Pair(raw: raw[$0], target: normalised(targets[$0])) }
            guard let solved = CalibrationSolver.solve(pairs) else {
                return startOver(reason: "the touches did not span the screen")
            }
            matrix = solved
            current += 1
            return .next(current)
        }
        guard let matrix else { return startOver(reason: "no matrix to verify") }
        let error = verificationError(of: matrix, raw: centre, target: targets[current])
        if error <= tolerance { return .finished(matrix, error: error) }
        if round >= Self.maximumRounds { return .failed(error: error) }
        round += 1
        (current, raw, self.matrix) = (0, [], nil)
        return .restart(error: error)
    }

    /// How far (buffer pixels) a touch reported at `raw` lands from `target` once calibrated.
    func verificationError(of matrix: CalibrationMatrix, raw: Point, target: Point) -> Double {
        let calibrated = matrix.apply(toNormalized: raw)
        let landed = Point(x: calibrated.x * Double(bufferWidth), y: calibrated.y * Double(bufferHeight))
        return landed.distance(to: bufferPoint(target))
    }

    private mutating func startOver(reason: String) -> Outcome {
        (current, raw, matrix) = (0, [], nil)
        return .again(0, reason: reason + "; once more from the first crosshair")
    }

    /// A UI point → the buffer (undoing the rotation).
    private func bufferPoint(_ point: Point) -> Point {
        rotation.bufferPoint(forLogicalPoint: point, bufferWidth: bufferWidth, bufferHeight: bufferHeight)
    }

    /// A UI point → libinput's normalised space. Touches arrive uncalibrated, so for them this is
    /// the device position over its range.
    private func normalised(_ point: Point) -> Point {
        let buffer = bufferPoint(point)
        return Point(x: buffer.x / Double(bufferWidth), y: buffer.y / Double(bufferHeight))
    }
}
