import Foundation
import KioskGraphics
import KioskUI

/// A half-circle dial from `minimum` to `maximum` with a needle at `reading`; the arc turns red
/// past `alarmLevel`.
final class DialView: View {
    var reading: Double = 0 {
        didSet { if reading != oldValue { setNeedsDisplay() } }
    }
    var minimum: Double = 0 {
        didSet { if minimum != oldValue { setNeedsDisplay() } }
    }
    var maximum: Double = 100 {
        didSet { if maximum != oldValue { setNeedsDisplay() } }
    }
    var alarmLevel: Double = 80 {
        didSet { if alarmLevel != oldValue { setNeedsDisplay() } }
    }
    var unit = "" {
        didSet { if unit != oldValue { setNeedsDisplay() } }
    }

    private let readout = TextLayout(font: Font(size: 22, weight: .bold))

    override var intrinsicContentSize: Size? { Size(width: 220, height: 140) }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        let box = contentRect
        let radius = min(box.width / 2, box.height) - 12
        let center = Point(x: box.midX, y: box.minY + radius + 12)
        let fraction = maximum > minimum ? min(max((reading - minimum) / (maximum - minimum), 0), 1) : 0
        let start = Double.pi, end = 2 * Double.pi
        canvas.beginPath()
        canvas.addArc(center: center, radius: radius, startAngle: start, endAngle: end)
        canvas.stroke(environment.resolve(Color(.systemGray5)), style: StrokeStyle(width: 14, cap: .round))
        canvas.beginPath()
        canvas.addArc(center: center, radius: radius, startAngle: start, endAngle: start + Double.pi * fraction)
        let color: Color = reading >= alarmLevel ? .systemRed : .systemBlue
        canvas.stroke(environment.resolve(color), style: StrokeStyle(width: 14, cap: .round))
        let angle = start + Double.pi * fraction
        canvas.beginPath()
        canvas.move(to: center)
        canvas.addLine(to: Point(x: center.x + (radius - 24) * cos(angle), y: center.y + (radius - 24) * sin(angle)))
        canvas.stroke(environment.resolve(.label), style: StrokeStyle(width: 4, cap: .round))
        readout.setText("\(Int(reading.rounded()))\(unit)")
        let size = readout.size
        canvas.draw(readout, at: Point(x: (center.x - size.width / 2).rounded(), y: (center.y - size.height - 28).rounded()),
                    color: environment.resolve(.label))
    }
}
