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
