import KioskGraphics

/// Finds the calibration matrix that takes where a touchscreen reported touches to where the
/// touched targets really are: a least-squares affine fit, in libinput's normalised device space.
///
/// Both points of a pair are normalised to 0…1 (the raw position over the device's range, the
/// target over the display's size), so the result is the six numbers libinput and
/// `CalibrationMatrix` expect, whatever the resolution. Three pairs determine it; four or more
/// average out how imprecisely a finger hits a crosshair.
nonisolated public enum CalibrationSolver {
    /// A touch the device reported (`raw`) for a target shown at `target`.
    public struct Pair: Hashable, Sendable {
        public var raw: Point
        public var target: Point

        public init(raw: Point, target: Point) {
            self.raw = raw
            self.target = target
        }
    }

    /// The matrix, or nil when the raw points do not span an area (the same spot touched each time,
    /// or all along one line): then no affine map follows from them.
    public static func solve(_ pairs: [Pair]) -> CalibrationMatrix? {
        guard pairs.count >= 3, pairs.allSatisfy({ $0.raw.isFinite && $0.target.isFinite }) else { return nil }
        // The normal equations of [x y 1]·[a b c]ᵀ = tx (and likewise for d e f): one 3×3 system per
        // output axis, with the same left-hand side.
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        var rightX = [0.0, 0, 0], rightY = [0.0, 0, 0]
        for pair in pairs {
            let row = [pair.raw.x, pair.raw.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += row[i] * row[j] }
                rightX[i] += row[i] * pair.target.x
                rightY[i] += row[i] * pair.target.y
            }
        }
        guard let abc = solve3(m, rightX), let def = solve3(m, rightY) else { return nil }
        let matrix = CalibrationMatrix(a: abc[0], b: abc[1], c: abc[2], d: def[0], e: def[1], f: def[2])
        return matrix.values.allSatisfy(\.isFinite) ? matrix : nil
    }

    /// Cramer's rule; nil when the system is (nearly) singular. The raw points are in 0…1, so a
    /// determinant this small means they are practically collinear.
    private static func solve3(_ m: [[Double]], _ b: [Double]) -> [Double]? {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        guard abs(d) > 1e-9 else { return nil }
        return (0..<3).map { column in
            var replaced = m
            for row in 0..<3 { replaced[row][column] = b[row] }
            return det(replaced) / d
        }
    }
}

extension Point {
    nonisolated var isFinite: Bool { x.isFinite && y.isFinite }
}
