import KioskGraphics

/// A touchscreen calibration in libinput's convention: the first two rows of a 3×3 matrix
/// `[a b c; d e f; 0 0 1]` applied to the device position normalised to 0…1 on both axes, so the
/// same six numbers work for any resolution (they are what `LIBINPUT_CALIBRATION_MATRIX` holds).
nonisolated public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible {
    public var a, b, c, d, e, f: Double

    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// Six values in the order a b c d e f; nil unless there are exactly six.
    public init?(values: [Double]) {
        guard values.count == 6 else { return nil }
        self.init(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
    }

    /// Parses "a b c d e f" (spaces and/or commas), as udev's LIBINPUT_CALIBRATION_MATRIX writes it.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0) }
        guard !parts.contains(where: { $0 == nil }) else { return nil }
        self.init(values: parts.compactMap { $0 })
    }

    public var values: [Double] { [a, b, c, d, e, f] }

    /// Applies the matrix to a point normalised to the device's 0…1 range.
    public func apply(toNormalized point: Point) -> Point {
        Point(x: a * point.x + b * point.y + c, y: d * point.x + e * point.y + f)
    }

    public var description: String { values.map { "\($0)" }.joined(separator: " ") }
}
