import FoundationEssentials
import Glibc

extension Rect {
    /// The box holding a round-capped arc: the band `2 * reach` wide along the circle of `radius`
    /// about `center`, from `startAngle` clockwise to `endAngle` (radians, y down), each end capped
    /// by a disc of radius `reach`. That is both caps' boxes, and the outer edge wherever the arc
    /// crosses an axis; a whole turn or more crosses all four. What a ring's arc can paint, and
    /// what a change of its end damages.
    public static func enclosingArc(center: Point, radius: Double, reach: Double, from startAngle: Double,
                                    to endAngle: Double) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func include(_ x: Double, _ y: Double) {
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        for angle in [startAngle, endAngle] {
            let capX = center.x + radius * cos(angle), capY = center.y + radius * sin(angle)
            include(capX - reach, capY - reach)
            include(capX + reach, capY + reach)
        }
        let outer = radius + reach
        var axis = (startAngle / (Double.pi / 2)).rounded(.up) * (Double.pi / 2)
        for _ in 0..<4 where axis < endAngle {
            include(center.x + outer * cos(axis), center.y + outer * sin(axis))
            axis += Double.pi / 2
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
