import Foundation
import KioskGraphics

/// A circular progress ring: a full-circle track, an arc from 12 o'clock clockwise with round caps,
/// and the percentage in the middle — the seed's CustomProgressView.
///
/// A change of value repaints only what changed: the arc between the old and new angle (with its
/// round caps) and the percentage text.
open class ProgressView: View {
    /// Progress in 0…1; values outside are clamped.
    public var value: Double {
        get { storedValue }
        set {
            let clamped = min(max(newValue.isFinite ? newValue : 0, 0), 1)
            guard clamped != storedValue else { return }
            let old = storedValue
            storedValue = clamped
            damageValueChange(from: old, to: clamped)
        }
    }

    public var color: Color = .systemGreen {
        didSet { if color != oldValue { setNeedsDisplay() } }
    }

    public var trackColor: Color = Color(.systemGray5) {
        didSet { if trackColor != oldValue { setNeedsDisplay() } }
    }

    public var lineWidth: Double = 10 {
        didSet { if lineWidth != oldValue { setNeedsDisplay() } }
    }

    public var showsPercentage = true {
        didSet { if showsPercentage != oldValue { setNeedsDisplay() } }
    }

    /// The percentage font: 20 bold, at the environment's text scale.
    public var percentageFont: Font { Font(size: 20 * environment.textScale, weight: .bold) }

    private var storedValue: Double
    private let percentageLayout = TextLayout(font: Font(size: 20, weight: .bold))

    public init(value: Double = 0) {
        storedValue = min(max(value, 0), 1)
        super.init()
    }

    open override var intrinsicContentSize: Size? { Size(width: 100, height: 100) }

    // MARK: Geometry

    private var ringCenter: Point { contentRect.center }
    private var ringRadius: Double { max(0, min(contentRect.width, contentRect.height) / 2 - lineWidth / 2) }
    private static let startAngle = -Double.pi / 2

    private func angle(for value: Double) -> Double { Self.startAngle + 2 * Double.pi * value }

    public static func percentageText(for value: Double) -> String {
        "\(Int((value * 100).rounded()))%"
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        let center = ringCenter, radius = ringRadius
        let ring = StrokeStyle(width: lineWidth, cap: .round)
        canvas.beginPath()
        canvas.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * Double.pi)
        canvas.stroke(environment.resolve(trackColor), style: ring)
        if storedValue > 0 {
            canvas.beginPath()
            canvas.addArc(center: center, radius: radius, startAngle: Self.startAngle, endAngle: angle(for: storedValue))
            canvas.stroke(environment.resolve(color), style: ring)
        }
        if showsPercentage {
            let layout = preparedPercentage(storedValue)
            let size = layout.size
            canvas.draw(layout, at: Point(x: (center.x - size.width / 2).rounded(), y: (center.y - size.height / 2).rounded()),
                        color: environment.resolve(.label))
        }
    }

    // MARK: Damage

    private func damageValueChange(from old: Double, to new: Double) {
        guard screen != nil else { return }
        setNeedsDisplay(in: arcDamage(from: old, to: new))
        if showsPercentage && Self.percentageText(for: old) != Self.percentageText(for: new) {
            setNeedsDisplay(in: percentageRect(for: old).union(percentageRect(for: new)))
        }
    }

    /// The bounding box of the pixels that differ between the arcs ending at two values: the ring
    /// sector between the two angles plus a round cap at each end, with a pixel of antialiasing.
    func arcDamage(from old: Double, to new: Double) -> Rect {
        let center = ringCenter, radius = ringRadius
        let halfWidth = lineWidth / 2 + 1
        let low = min(old, new), high = max(old, new)
        var a0 = angle(for: low), a1 = angle(for: high)
        if low == 0 { a0 = Self.startAngle }   // the start cap appears or disappears too
        if a1 - a0 >= 2 * Double.pi - 1e-9 { a1 = a0 + 2 * Double.pi }
        var points: [Point] = []
        func onCircle(_ angle: Double, _ r: Double) -> Point {
            Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
        }
        for angle in [a0, a1] {
            let cap = onCircle(angle, radius)
            points += [Point(x: cap.x - halfWidth, y: cap.y - halfWidth), Point(x: cap.x + halfWidth, y: cap.y + halfWidth)]
        }
        // The outer edge bulges past the endpoints wherever the sector crosses an axis.
        var axisAngle = (a0 / (Double.pi / 2)).rounded(.up) * (Double.pi / 2)
        while axisAngle < a1 {
            points.append(onCircle(axisAngle, radius + halfWidth))
            axisAngle += Double.pi / 2
        }
        points.append(onCircle(a0, radius + halfWidth))
        points.append(onCircle(a1, radius + halfWidth))
        let xs = points.map(\.x), ys = points.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    private func percentageRect(for value: Double) -> Rect {
        let layout = preparedPercentage(value)
        let size = layout.size
        let origin = Point(x: (ringCenter.x - size.width / 2).rounded(), y: (ringCenter.y - size.height / 2).rounded())
        let ink = layout.inkRect
        return ink.offsetBy(dx: origin.x, dy: origin.y).insetBy(dx: -1, dy: -1)
    }

    private func preparedPercentage(_ value: Double) -> TextLayout {
        percentageLayout.setFont(percentageFont)
        percentageLayout.setText(Self.percentageText(for: value))
        return percentageLayout
    }
}
