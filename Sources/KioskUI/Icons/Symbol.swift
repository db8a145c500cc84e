import FoundationEssentials
import Glibc
import KioskGraphics

/// The built-in icons: vector paths on a 24×24 grid, scaled into any rectangle and drawn in one
/// colour, so they stay sharp at every size and follow light and dark mode through their tint.
nonisolated public enum Symbol: String, CaseIterable, Sendable {
    case personCircleFill = "person.circle.fill"
    case checkmark
    case xmark
    case gear
    case magnifyingglass
    case envelope
    case lock
    case plus
    case minus
    case chevronLeft = "chevron.left"
    case chevronRight = "chevron.right"
    case car
    case clock
    case creditcard
    case infoCircle = "info.circle"
    case pencil

    /// Draws the symbol fitted (square, centred) into `rect`.
    public func draw(in rect: Rect, color: RGBA, canvas: Canvas) {
        let side = min(rect.width, rect.height)
        guard side > 0 else { return }
        canvas.withSavedState {
            canvas.translate(x: rect.midX - side / 2, y: rect.midY - side / 2)
            canvas.scale(x: side / 24, y: side / 24)
            drawOnGrid(color: color, canvas: canvas)
        }
    }

    private func drawOnGrid(color: RGBA, canvas: Canvas) {
        let line = StrokeStyle(width: 2.2, cap: .round, join: .round)
        func polyline(_ points: [(Double, Double)]) {
            canvas.beginPath()
            canvas.move(to: Point(x: points[0].0, y: points[0].1))
            for point in points.dropFirst() { canvas.addLine(to: Point(x: point.0, y: point.1)) }
        }
        switch self {
        case .personCircleFill:
            canvas.beginPath()
            canvas.addEllipse(in: Rect(x: 1, y: 1, width: 22, height: 22))
            canvas.addEllipse(in: Rect(x: 8, y: 5, width: 8, height: 8))
            canvas.move(to: Point(x: 5.6, y: 19))
            canvas.addCurve(to: Point(x: 18.4, y: 19), control1: Point(x: 7.5, y: 13.8), control2: Point(x: 16.5, y: 13.8))
            canvas.addCurve(to: Point(x: 5.6, y: 19), control1: Point(x: 15, y: 22.2), control2: Point(x: 9, y: 22.2))
            canvas.closePath()
            canvas.fill(color, rule: .evenOdd)
        case .checkmark:
            polyline([(5, 12.5), (10, 17.5), (19, 6.5)])
            canvas.stroke(color, style: line)
        case .xmark:
            polyline([(6, 6), (18, 18)])
            canvas.stroke(color, style: line)
            polyline([(18, 6), (6, 18)])
            canvas.stroke(color, style: line)
        case .gear:
            canvas.beginPath()
            let teeth = 8
            for index in 0..<(teeth * 4) {
                let angle = Double(index) / Double(teeth * 4) * 2 * Double.pi
                let radius = (index % 4 == 1 || index % 4 == 2) ? 11.0 : 8.6
                let point = Point(x: 12 + radius * cos(angle), y: 12 + radius * sin(angle))
                if index == 0 { canvas.move(to: point) } else { canvas.addLine(to: point) }
            }
            canvas.closePath()
            canvas.addEllipse(in: Rect(x: 8.5, y: 8.5, width: 7, height: 7))
            canvas.fill(color, rule: .evenOdd)
        case .magnifyingglass:
            canvas.beginPath()
            canvas.addEllipse(in: Rect(x: 3.5, y: 3.5, width: 13, height: 13))
            canvas.stroke(color, style: line)
            polyline([(14.8, 14.8), (20.5, 20.5)])
            canvas.stroke(color, style: StrokeStyle(width: 2.8, cap: .round))
        case .envelope:
            canvas.beginPath()
            canvas.addRoundedRect(Rect(x: 3, y: 5.5, width: 18, height: 13), radius: 2)
            canvas.stroke(color, style: StrokeStyle(width: 1.8, join: .round))
            polyline([(3.8, 6.8), (12, 13), (20.2, 6.8)])
            canvas.stroke(color, style: StrokeStyle(width: 1.8, cap: .round, join: .round))
        case .lock:
            canvas.beginPath()
            canvas.addRoundedRect(Rect(x: 5, y: 10.5, width: 14, height: 11), radius: 2)
            canvas.fill(color)
            canvas.beginPath()
            canvas.move(to: Point(x: 8, y: 10.5))
            canvas.addLine(to: Point(x: 8, y: 7.5))
            canvas.addArc(center: Point(x: 12, y: 7.5), radius: 4, startAngle: Double.pi, endAngle: 2 * Double.pi)
            canvas.addLine(to: Point(x: 16, y: 10.5))
            canvas.stroke(color, style: StrokeStyle(width: 2, cap: .butt))
        case .plus:
            polyline([(12, 5), (12, 19)])
            canvas.stroke(color, style: line)
            polyline([(5, 12), (19, 12)])
            canvas.stroke(color, style: line)
        case .minus:
            polyline([(5, 12), (19, 12)])
            canvas.stroke(color, style: line)
        case .chevronLeft:
            polyline([(15, 5), (8, 12), (15, 19)])
            canvas.stroke(color, style: line)
        case .chevronRight:
            polyline([(9, 5), (16, 12), (9, 19)])
            canvas.stroke(color, style: line)
        case .car:
            polyline([(5.5, 11), (7.5, 5.5), (16.5, 5.5), (18.5, 11)])
            canvas.stroke(color, style: StrokeStyle(width: 2, cap: .round, join: .round))
            canvas.beginPath()
            canvas.addRoundedRect(Rect(x: 2.5, y: 10.5, width: 19, height: 7), radius: 2)
            canvas.addEllipse(in: Rect(x: 4.8, y: 15.6, width: 4.4, height: 4.4))
            canvas.addEllipse(in: Rect(x: 14.8, y: 15.6, width: 4.4, height: 4.4))
            canvas.fill(color)
        case .clock:
            canvas.beginPath()
            canvas.addEllipse(in: Rect(x: 2.5, y: 2.5, width: 19, height: 19))
            canvas.stroke(color, style: StrokeStyle(width: 2))
            polyline([(12, 6.5), (12, 12), (15.8, 14.2)])
            canvas.stroke(color, style: line)
        case .creditcard:
            canvas.beginPath()
            canvas.addRoundedRect(Rect(x: 2.5, y: 5.5, width: 19, height: 13), radius: 2)
            canvas.stroke(color, style: StrokeStyle(width: 1.8, join: .round))
            canvas.beginPath()
            canvas.addRect(Rect(x: 2.5, y: 8.5, width: 19, height: 3))
            canvas.fill(color)
            polyline([(5.5, 15), (10, 15)])
            canvas.stroke(color, style: StrokeStyle(width: 1.8, cap: .round))
        case .infoCircle:
            canvas.beginPath()
            canvas.addEllipse(in: Rect(x: 2.5, y: 2.5, width: 19, height: 19))
            canvas.stroke(color, style: StrokeStyle(width: 1.8))
            canvas.beginPath()
            canvas.addEllipse(in: Rect(x: 10.7, y: 6.2, width: 2.6, height: 2.6))
            canvas.fill(color)
            polyline([(12, 11), (12, 17)])
            canvas.stroke(color, style: line)
        case .pencil:
            // A pencil lying from bottom-left (its point) to top-right (its end), in two parts:
            // the shaft and, past a gap, the eraser.
            canvas.beginPath()
            canvas.move(to: Point(x: 3.5, y: 20.5))
            canvas.addLine(to: Point(x: 5.2, y: 14.6))
            canvas.addLine(to: Point(x: 14.6, y: 5.2))
            canvas.addLine(to: Point(x: 18.8, y: 9.4))
            canvas.addLine(to: Point(x: 9.4, y: 18.8))
            canvas.closePath()
            canvas.move(to: Point(x: 15.8, y: 4))
            canvas.addLine(to: Point(x: 17, y: 2.8))
            canvas.addLine(to: Point(x: 21.2, y: 7))
            canvas.addLine(to: Point(x: 20, y: 8.2))
            canvas.closePath()
            canvas.fill(color)
        }
    }
}
