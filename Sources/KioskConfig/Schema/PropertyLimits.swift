/// The ranges every number of a config falls in: what rendering can honour (pixel surfaces, Pango's
/// 32-bit units, ticks drawn one by one) with room to spare. The property types and the schemas
/// take their ranges from here, so `kiosk check`, reload, `set` actions and `kiosk ctl set` apply
/// the same ones: a constant outside them is an error, a value arriving at run time is clamped.
nonisolated public enum PropertyLimits {
    /// Sizes, padding, spacing, corner radii, heights: points.
    public static let length: ClosedRange<Double> = 0...16_384
    /// Points that may go either way from an origin (a shadow's offset).
    public static let offset: ClosedRange<Double> = -16_384...16_384
    /// A label's most lines (0: no limit).
    public static let lines: ClosedRange<Int> = 0...10_000
    /// Font sizes in points.
    public static let fontSize: ClosedRange<Double> = 1...500
    /// Border and underline strokes.
    public static let borderWidth: ClosedRange<Double> = 0...100
    /// A progress ring's thickness.
    public static let lineWidth: ClosedRange<Double> = 0...1_000
    /// Shadow blur radius: the mask grows with it.
    public static let shadowRadius: ClosedRange<Double> = 0...200
    /// Values, bounds and steps of sliders and of validated numbers.
    public static let value: ClosedRange<Double> = -1e12...1e12
    /// A slider's step (0 for a slider means continuous).
    public static let step: ClosedRange<Double> = 0...1_000_000
    /// A marked slider's step: ticks need a positive distance.
    public static let markedStep: ClosedRange<Double> = 0.000_001...1_000_000
    /// Text lengths in characters (validation rules).
    public static let textLength: ClosedRange<Int> = 0...1_000_000
    /// Grid columns.
    public static let columns: ClosedRange<Int> = 1...64
    /// Durations in seconds: a year is "never" for a kiosk, and timers stay far from overflow.
    public static let duration: ClosedRange<Double> = 0...365 * 86_400
    /// Each side of `display.size`, in points, and of the pixels it becomes at `display.scale`: a
    /// headless screen is that many pixels in memory, and cairo's limit is 32767.
    public static let displaySide: ClosedRange<Double> = 16...8_192
}
