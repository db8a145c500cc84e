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
        let gradient = LinearGradient.vertical(in: Rect(size: bounds.size), from: environment.resolve(topColor),
                                               to: environment.resolve(bottomColor))
        let transform = canvas.currentTransform
        let isWholePixels = transform.a == 1 && transform.d == 1 && transform.b == 0 && transform.c == 0
            && transform.tx.isWhole && transform.ty.isWhole && bounds.width.isWhole && bounds.height.isWhole
        // A picture as large as a huge view would cost more memory than the screen it is shown on.
        guard isWholePixels, bounds.width <= Self.largestCachedSide, bounds.height <= Self.largestCachedSide,
              gradient.stops.allSatisfy({ $0.color.isOpaque }) else {
            canvas.beginPath()
            canvas.addRect(bounds)
            canvas.fill(LinearGradient.vertical(in: bounds, from: gradient.stops[0].color, to: gradient.stops[1].color))
            return
        }
        // Computing a gradient costs several times a copy per pixel: render it once, then copy.
        if cachedGradient?.gradient != gradient || cachedGradient?.picture.size != bounds.size {
            let picture = Surface(width: Int(bounds.width), height: Int(bounds.height), format: .xrgb8888)
            let pictureCanvas = Canvas(surface: picture)
            pictureCanvas.beginPath()
            pictureCanvas.addRect(Rect(size: bounds.size))
            pictureCanvas.fill(gradient)
            cachedGradient = (gradient, picture)
        }
        if let picture = cachedGradient?.picture {
            canvas.draw(picture, in: bounds)
        }
    }

    private var cachedGradient: (gradient: LinearGradient, picture: Surface)?
    private static let largestCachedSide = 4096.0

    private func updateOpacity() {
        isOpaque = topColor.isOpaque && bottomColor.isOpaque
    }
}
