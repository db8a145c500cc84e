import KioskGraphics
import KioskUI

/// What `kiosk calibrate` shows: a black screen with one crosshair to touch, and a line of
/// instructions (the step, and why the last touch was refused) a third of the way down, clear of
/// every crosshair.
final class CalibrationView: View {
    /// Where the crosshair is, in this view's coordinates; nil shows none.
    var target: Point? {
        didSet { if target != oldValue { setNeedsDisplay() } }
    }

    let instructions = Label("", style: .title, color: .white)
    let detail = Label("", style: .body, color: Color(.systemGray))

    /// Half the length of the crosshair's arms; the ring around its centre is half of that.
    static let armLength = 24.0

    init() {
        super.init()
        backgroundColor = .black
        isOpaque = true
        for label in [instructions, detail] {
            label.textAlignment = .center
            addSubview(label)
        }
    }

    override func layout() {
        let width = bounds.width - 32
        instructions.frame = Rect(x: 16, y: (bounds.height * 0.3).rounded(), width: width, height: 40)
        detail.frame = Rect(x: 16, y: instructions.frame.maxY + 8, width: width, height: 48)
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        guard let target else { return }
        let arm = Self.armLength
        let white = environment.resolve(.white)
        canvas.beginPath()
        canvas.move(to: Point(x: target.x - arm, y: target.y))
        canvas.addLine(to: Point(x: target.x + arm, y: target.y))
        canvas.move(to: Point(x: target.x, y: target.y - arm))
        canvas.addLine(to: Point(x: target.x, y: target.y + arm))
        canvas.stroke(white, style: StrokeStyle(width: 1))
        canvas.strokeCircle(center: target, radius: arm / 2, lineWidth: 2, color: environment.resolve(.systemRed))
    }
}
