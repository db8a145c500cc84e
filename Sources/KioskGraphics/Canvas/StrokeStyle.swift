/// How a path's outline is drawn.
public struct StrokeStyle: Hashable, Sendable {
    public enum LineCap: Sendable { case butt, round, square }
    public enum LineJoin: Sendable { case miter, round, bevel }

    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    /// Alternating on/off lengths; empty draws a solid line.
    public var dash: [Double]
    public var dashPhase: Double

    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, dash: [Double] = [], dashPhase: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// How a path's inside is decided where it crosses itself.
public enum FillRule: Sendable {
    case winding, evenOdd
}

/// A colour ramp between two points.
public struct LinearGradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var location: Double
        public var color: RGBA

        public init(location: Double, color: RGBA) {
            self.location = location
            self.color = color
        }
    }

    public var start: Point
    public var end: Point
    public var stops: [Stop]

    public init(start: Point, end: Point, stops: [Stop]) {
        self.start = start
        self.end = end
        self.stops = stops
    }

    /// Top to bottom across `rect` from one colour to another.
    public static func vertical(in rect: Rect, from top: RGBA, to bottom: RGBA) -> LinearGradient {
        LinearGradient(start: Point(x: rect.minX, y: rect.minY), end: Point(x: rect.minX, y: rect.maxY),
                       stops: [Stop(location: 0, color: top), Stop(location: 1, color: bottom)])
    }
}

/// A soft shadow cast by a shape: the look of the seed's cards.
public struct Shadow: Hashable, Sendable {
    public var color: RGBA
    public var opacity: Double
    public var offset: Size
    /// The blur radius; the shadow spreads about 1.5 × radius beyond the shape.
    public var radius: Double

    public init(color: RGBA = RGBA(hex: 0), opacity: Double, offset: Size, radius: Double) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }

    /// How far the blurred shadow reaches beyond the shape it follows, before the offset.
    public var spread: Double { (radius * 1.5).rounded(.up) }

    /// The colour composited through the blurred mask: the shadow's colour at its opacity.
    public var composited: RGBA {
        var color = self.color
        color.alpha *= opacity
        return color
    }

    /// The area the shadow of a shape with bounding box `rect` may touch.
    public func bounds(of rect: Rect) -> Rect {
        rect.offsetBy(dx: offset.width, dy: offset.height).insetBy(dx: -spread, dy: -spread)
    }
}
