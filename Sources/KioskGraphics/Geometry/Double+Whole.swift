extension Double {
    /// Whether this is a whole number: no fractional part, and finite.
    public var isWhole: Bool { isWhole(within: 0) }

    /// Whether this lies within `tolerance` of a whole number: for device coordinates, which carry
    /// the rounding of the transform that produced them.
    public func isWhole(within tolerance: Double) -> Bool {
        isFinite && abs(self - rounded()) <= tolerance
    }

    /// Prints integers without a fractional part, for messages, dumps and JSON.
    public var compact: String {
        isWhole && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
