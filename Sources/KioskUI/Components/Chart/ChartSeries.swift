import KioskGraphics

/// One data series of a `ChartView`: how it is drawn, its colour and its values, oldest first.
public struct ChartSeries: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case line, area, bar
    }

    /// The most values a series keeps; older ones are dropped first.
    public static let maximumCount = 10_000

    public var kind: Kind
    public var color: Color
    public var name: String
    /// Finite values only, at most `maximumCount`: NaN and infinities are dropped on assignment.
    public var values: [Double] {
        didSet { values = Self.bounded(values) }
    }

    public init(kind: Kind = .line, color: Color = .systemBlue, name: String = "", values: [Double] = []) {
        self.kind = kind
        self.color = color
        self.name = name
        self.values = Self.bounded(values)
    }

    static func bounded(_ values: [Double]) -> [Double] {
        guard values.count > maximumCount || values.contains(where: { !$0.isFinite }) else { return values }
        return Array(values.filter(\.isFinite).suffix(maximumCount))
    }
}

/// A horizontal line across the plot at a value (a limit, a target).
public struct ChartThreshold: Equatable, Sendable {
    public var value: Double
    public var color: Color

    public init(value: Double, color: Color = .systemRed) {
        self.value = value
        self.color = color
    }
}
