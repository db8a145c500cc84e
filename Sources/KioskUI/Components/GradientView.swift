import KioskGraphics

/// Fills its bounds with a vertical gradient between two colours; opaque when both colours are.
open class GradientView: View {
    public var topColor: Color {
        didSet { if topColor != oldValue { setNeedsDisplay(); updateOpacity() } }
    }

    public var bottomColor: Color {
        didSet { if bottomColor != oldValue { setNeedsDisplay(); updateOpacity() } }
    }

    public init(top: Color, bottom: Color) {
        topColor = top
        bottomColor = bottom
        super.init()
        updateOpacity()
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        canvas.beginPath()
        canvas.addRect(bounds)
        canvas.fill(LinearGradient.vertical(in: bounds, from: environment.resolve(topColor), to: environment.resolve(bottomColor)))
    }

    private func updateOpacity() {
        isOpaque = topColor.isOpaque && bottomColor.isOpaque
    }
}
