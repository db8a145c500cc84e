import FoundationEssentials
import Glibc

/// How an animation's progress follows time: time fraction in 0…1 to progress (0 at the start,
/// 1 at the end; a spring overshoots on the way).
public enum AnimationCurve: Hashable, Sendable {
    case linear, easeIn, easeOut, easeInOut
    /// A damped spring (damping ratio in 0<…<1) that settles by the end of the duration.
    case spring(damping: Double)

    public static let spring = AnimationCurve.spring(damping: 0.7)

    public func progress(at fraction: Double) -> Double {
        guard fraction > 0 else { return 0 }
        guard fraction < 1 else { return 1 }
        let t = fraction
        switch self {
        case .linear: return t
        case .easeIn: return Self.cubicBezier(t, 0.42, 0, 1, 1)
        case .easeOut: return Self.cubicBezier(t, 0, 0, 0.58, 1)
        case .easeInOut: return Self.cubicBezier(t, 0.42, 0, 0.58, 1)
        case .spring(let damping):
            let zeta = min(max(damping, 0.05), 0.99)
            // The envelope e^(−ζωt) falls to 1/1000 at the end of the duration.
            let omega = log(1000) / zeta
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let envelope = exp(-zeta * omega * t)
            return 1 - envelope * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
        }
    }

    /// The CSS-style timing curve through (0,0), (x1,y1), (x2,y2), (1,1): solve x(s) = t, return y(s).
    private static func cubicBezier(_ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let inverse = 1 - s
            return 3 * inverse * inverse * s * p1 + 3 * inverse * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0, s = t
        for _ in 0..<40 {
            s = (low + high) / 2
            if coordinate(s, x1, x2) < t { low = s } else { high = s }
        }
        return coordinate(s, y1, y2)
    }
}
