extension FixedWidthInteger {
    /// The integer `value` truncates to, held within the type: NaN gives 0 and anything beyond the
    /// type's range gives its minimum or maximum. `Int32(someDouble)` stops the process on such
    /// values; geometry that reaches C libraries (Pango's units, pixman's boxes) goes through this.
    @inlinable
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value <= Double(Self.min) {
            self = .min
        } else if value >= Double(Self.max) {
            self = .max
        } else {
            self.init(value)
        }
    }
}

extension Int {
    /// `FixedWidthInteger.init(saturating:)` for `Int`, the one geometry uses on every frame: the
    /// generic version converts through `_convert(from:)`, which takes the double apart bit by
    /// bit (a twentieth of a small repaint), where this is one instruction.
    @inlinable
    public init(saturating value: Double) {
        // 2^63: the first double past Int.max (which a double cannot hold exactly).
        if value.isNaN {
            self = 0
        } else if value < -9_223_372_036_854_775_808.0 {
            self = .min
        } else if value >= 9_223_372_036_854_775_808.0 {
            self = .max
        } else {
            self = Int(value)
        }
    }
}
