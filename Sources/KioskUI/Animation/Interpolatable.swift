import KioskGraphics

/// A value an animation can move between two ends (`fraction` may leave 0…1 for springs).
public protocol Interpolatable {
    func interpolated(to end: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
    public func interpolated(to end: Double, fraction: Double) -> Double { self + (end - self) * fraction }
}

extension Point: Interpolatable {
    public func interpolated(to end: Point, fraction: Double) -> Point {
        Point(x: x.interpolated(to: end.x, fraction: fraction), y: y.interpolated(to: end.y, fraction: fraction))
    }
}

extension Size: Interpolatable {
    public func interpolated(to end: Size, fraction: Double) -> Size {
        Size(width: width.interpolated(to: end.width, fraction: fraction),
             height: height.interpolated(to: end.height, fraction: fraction))
    }
}

extension Rect: Interpolatable {
    public func interpolated(to end: Rect, fraction: Double) -> Rect {
        Rect(origin: origin.interpolated(to: end.origin, fraction: fraction),
             size: size.interpolated(to: end.size, fraction: fraction))
    }
}

extension AffineTransform: Interpolatable {
    /// Component-wise: right for the scales and translations the components animate.
    public func interpolated(to end: AffineTransform, fraction: Double) -> AffineTransform {
        AffineTransform(a: a.interpolated(to: end.a, fraction: fraction), b: b.interpolated(to: end.b, fraction: fraction),
                        c: c.interpolated(to: end.c, fraction: fraction), d: d.interpolated(to: end.d, fraction: fraction),
                        tx: tx.interpolated(to: end.tx, fraction: fraction), ty: ty.interpolated(to: end.ty, fraction: fraction))
    }
}

extension RGBA: Interpolatable {
    public func interpolated(to end: RGBA, fraction: Double) -> RGBA {
        let clamp = { (value: Double) in min(max(value, 0), 1) }
        return RGBA(red: clamp(red.interpolated(to: end.red, fraction: fraction)),
                    green: clamp(green.interpolated(to: end.green, fraction: fraction)),
                    blue: clamp(blue.interpolated(to: end.blue, fraction: fraction)),
                    alpha: clamp(alpha.interpolated(to: end.alpha, fraction: fraction)))
    }
}
