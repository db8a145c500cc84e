import FoundationEssentials
import Glibc
import KioskGraphics

/// Where a gauge's parts go in its content box: the arc's centre and radius, the bands of the zones
/// and of the value arc, the ticks and the value label, and the angle of every value. A plain value
/// computed from the box, so drawing and damage agree on every position.
///
/// Angles are in radians, clockwise from three o'clock (y grows downwards). A mirrored gauge (right
/// to left) runs counter-clockwise: its minimum is on the right.
struct GaugeGeometry: Equatable {
    var center: Point
    /// The outer edge of the zone band.
    var radius: Double
    var startAngle: Double
    var sweep: Double
    var mirrored: Bool
    var hasValueBand: Bool

    init(fitting box: Rect, startAngle: Double, sweep: Double, mirrored: Bool, hasValueBand: Bool) {
        self.startAngle = startAngle
        self.sweep = sweep
        self.mirrored = mirrored
        self.hasValueBand = hasValueBand
        // The extent of the unit arc, the centre (the needle's hub) and, under a needle's hub,
        // room for the value label and the caption under it.
        var points = [Point.zero, Point(x: 0, y: hasValueBand ? 0.3 : Self.needleLabelDrop + 0.32)]
        for fraction in [0.0, 1.0] {
            let angle = startAngle + fraction * sweep
            points.append(Point(x: cos(angle), y: sin(angle)))
        }
        var axis = (startAngle / (Double.pi / 2)).rounded(.up) * (Double.pi / 2)
        while axis < startAngle + sweep {
            points.append(Point(x: cos(axis), y: sin(axis)))
            axis += Double.pi / 2
        }
        if mirrored { points = points.map { Point(x: -$0.x, y: $0.y) } }
        let xs = points.map(\.x), ys = points.map(\.y)
        let width = max(xs.max()! - xs.min()!, 1e-6), height = max(ys.max()! - ys.min()!, 1e-6)
        let scale = max(0, min(box.width / width, box.height / height))
        radius = scale
        center = Point(x: box.midX - (xs.max()! + xs.min()!) / 2 * scale,
                       y: box.midY - (ys.max()! + ys.min()!) / 2 * scale)
    }

    /// How far below the centre, in radii, a needle gauge's value label sits.
    static let needleLabelDrop = 0.42

    // MARK: Bands and ticks

    var zoneBandWidth: Double { max(3, radius * (hasValueBand ? 0.06 : 0.1)) }
    var gap: Double { max(2, radius * 0.03) }
    var valueBandWidth: Double { hasValueBand ? max(4, radius * 0.11) : 0 }
    var zoneBand: ClosedRange<Double> { max(0, radius - zoneBandWidth)...radius }
    var valueBand: ClosedRange<Double> {
        let outer = max(0, radius - zoneBandWidth - gap)
        return max(0, outer - valueBandWidth)...outer
    }
    /// Where ticks start, pointing inwards.
    var tickOuterRadius: Double { max(0, (hasValueBand ? valueBand.lowerBound : zoneBand.lowerBound) - gap) }
    var majorTickLength: Double { max(4, radius * 0.09) }
    var minorTickLength: Double { max(2, radius * 0.05) }
    var majorTickWidth: Double { max(1, radius * 0.015) }
    var minorTickWidth: Double { max(1, radius * 0.008) }

    // MARK: Needle

    var needleLength: Double { max(0, zoneBand.lowerBound - gap) }
    var needleHalfWidth: Double { max(1.5, radius * 0.035) }
    var hubRadius: Double { needleHalfWidth * 1.7 }

    /// The needle pointing at `fraction` of the scale: a kite from a short tail to the tip.
    func needleOutline(at fraction: Double) -> [Point] {
        let angle = self.angle(forFraction: fraction)
        let direction = Point(x: cos(angle), y: sin(angle)), normal = Point(x: -sin(angle), y: cos(angle))
        let halfWidth = needleHalfWidth, tail = hubRadius * 1.4
        func at(_ along: Double, _ across: Double) -> Point {
            Point(x: center.x + direction.x * along + normal.x * across, y: center.y + direction.y * along + normal.y * across)
        }
        return [at(needleLength, 0), at(0, halfWidth), at(-tail, 0), at(0, -halfWidth)]
    }

    /// Every pixel the needle at `fraction` and its hub can touch, antialiasing included.
    func needleBox(at fraction: Double) -> Rect {
        let outline = needleOutline(at: fraction)
        let xs = outline.map(\.x), ys = outline.map(\.y)
        let hub = hubRadius
        let minX = min(xs.min()!, center.x - hub), maxX = max(xs.max()!, center.x + hub)
        let minY = min(ys.min()!, center.y - hub), maxY = max(ys.max()!, center.y + hub)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).insetBy(dx: -2, dy: -2)
    }

    // MARK: Angles

    func angle(forFraction fraction: Double) -> Double {
        let angle = startAngle + min(max(fraction, 0), 1) * sweep
        return mirrored ? Double.pi - angle : angle
    }

    /// The angles of a stretch of the scale, in increasing order (a mirrored gauge turns the other way).
    func angles(from low: Double, to high: Double) -> (from: Double, to: Double) {
        let a = angle(forFraction: low), b = angle(forFraction: high)
        return mirrored ? (b, a) : (a, b)
    }

    func point(at angle: Double, radius r: Double) -> Point {
        Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
    }

    /// The bounding box of a band between two fractions of the scale, with `margin` around it.
    func sectorBox(from low: Double, to high: Double, band: ClosedRange<Double>, margin: Double) -> Rect {
        let (a0, a1) = angles(from: low, to: high)
        var points = [point(at: a0, radius: band.lowerBound), point(at: a0, radius: band.upperBound),
                      point(at: a1, radius: band.lowerBound), point(at: a1, radius: band.upperBound)]
        // The outer edge bulges past the ends wherever the sector crosses an axis.
        var axis = (a0 / (Double.pi / 2)).rounded(.up) * (Double.pi / 2)
        while axis < a1 {
            points.append(point(at: axis, radius: band.upperBound))
            axis += Double.pi / 2
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
            .insetBy(dx: -margin, dy: -margin)
    }
}
