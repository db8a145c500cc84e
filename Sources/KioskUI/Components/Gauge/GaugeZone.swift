import KioskGraphics

/// A coloured stretch of a gauge's scale, `from` … `to` in the gauge's values (a green normal
/// range, an amber warning, a red alarm).
public struct GaugeZone: Equatable, Sendable {
    public var from: Double
    public var to: Double
    public var color: Color

    public init(from: Double, to: Double, color: Color) {
        self.from = from
        self.to = to
        self.color = color
    }
}
