import KioskGraphics

/// A line drawn along the inside of a view's (rounded) bounds, above its subviews.
public struct Border: Hashable, Sendable {
    public var width: Double
    public var color: Color

    public init(width: Double = 1, color: Color) {
        self.width = width
        self.color = color
    }
}

/// A soft shadow behind a view that follows its rounded bounds.
public struct ViewShadow: Hashable, Sendable {
    public var color: Color
    public var opacity: Double
    public var offset: Size
    public var radius: Double

    public init(color: Color = .black, opacity: Double = 0.2, offset: Size = Size(width: 0, height: 4), radius: Double = 8) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }

    func resolved(in environment: Environment) -> Shadow {
        Shadow(color: environment.resolve(color), opacity: opacity, offset: offset, radius: radius)
    }
}

/// Sizes a panel author pins on any view: each dimension optional.
public struct SizeConstraint: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }

    public static let none = SizeConstraint()
}
