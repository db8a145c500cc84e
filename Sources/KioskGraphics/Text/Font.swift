/// A font: size in points, weight and family. Text styles give the sizes of the component set.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    public enum Weight: String, Hashable, Sendable, CaseIterable {
        case regular, medium, semibold, bold

        /// Pango's numeric weight.
        var pangoWeight: Int32 {
            switch self {
            case .regular: 400
            case .medium: 500
            case .semibold: 600
            case .bold: 700
            }
        }
    }

    public static let defaultFamily = "DejaVu Sans"

    public var size: Double
    public var weight: Weight
    public var family: String

    public init(size: Double, weight: Weight = .regular, family: String = Font.defaultFamily) {
        self.size = size
        self.weight = weight
        self.family = family
    }

    /// The font of a text style, multiplied by the environment's text scale.
    public static func style(_ style: TextStyle, scale: Double = 1) -> Font {
        Font(size: style.pointSize * scale, weight: style.weight)
    }

    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    /// The same font with its size multiplied.
    public func scaled(by factor: Double) -> Font {
        Font(size: size * factor, weight: weight, family: family)
    }

    public var description: String { "\(family) \(weight.rawValue) \(size.compact)" }
}

/// The named text styles of the component set.
public enum TextStyle: String, Sendable, CaseIterable {
    case largeTitle = "large_title"
    case title
    case headline
    case body
    case subheadline
    case caption1
    case caption2

    public var pointSize: Double {
        switch self {
        case .largeTitle: 34
        case .title: 28
        case .headline: 17
        case .body: 17
        case .subheadline: 15
        case .caption1: 12
        case .caption2: 11
        }
    }

    public var weight: Font.Weight { self == .headline ? .semibold : .regular }
}
