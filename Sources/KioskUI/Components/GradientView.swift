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
        // Computing a gradient costs several times a copy per pixel: render one column of it once,
        // then write each row's value (every pixel of a row of a vertical gradient is the same).
        let format = canvas.surface.format
        if cachedRows?.gradient != gradient || cachedRows?.format != format || cachedRows?.values.count != Int(bounds.height) {
            cachedRows = (gradient, format, Self.rowValues(of: gradient, height: Int(bounds.height), format: format))
            cachedPicture = nil
        }
        if let rows = cachedRows?.values, !rows.isEmpty,
           canvas.fillRows(with: rows, atPixelX: Int(transform.tx), y: Int(transform.ty), width: Int(bounds.width)) {
            return
        }
        // A clip that rows cannot honour (rounded, or in a group): the whole picture, copied by cairo.
        if cachedPicture?.gradient != gradient || cachedPicture?.picture.size != bounds.size {
            let picture = Surface(width: Int(bounds.width), height: Int(bounds.height), format: .xrgb8888)
            let pictureCanvas = Canvas(surface: picture)
            pictureCanvas.beginPath()
            pictureCanvas.addRect(Rect(size: bounds.size))
            pictureCanvas.fill(gradient)
            cachedPicture = (gradient, picture)
        }
        if let picture = cachedPicture?.picture {
            canvas.draw(picture, in: bounds)
        }
    }

    /// The value of each row of `gradient` rendered `height` pixels tall, read off a few columns
    /// (empty if they differ, which a vertical gradient never does).
    private static func rowValues(of gradient: LinearGradient, height: Int, format: PixelFormat) -> [UInt32] {
        guard height > 0 else { return [] }
        let columns = 4
        let strip = Surface(width: columns, height: height, format: format)
        let stripCanvas = Canvas(surface: strip)
        stripCanvas.beginPath()
        stripCanvas.addRect(Rect(x: 0, y: 0, width: Double(columns), height: Double(height)))
        stripCanvas.fill(gradient)
        let pixels = strip.pixels, stride = strip.stride
        var values: [UInt32] = []
        values.reserveCapacity(height)
        for row in 0..<height {
            let start = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            guard (1..<columns).allSatisfy({ start[$0] == start[0] }) else { return [] }
            values.append(start[0])
        }
        return values
    }

    private var cachedRows: (gradient: LinearGradient, format: PixelFormat, values: [UInt32])?
    private var cachedPicture: (gradient: LinearGradient, picture: Surface)?
    private static let largestCachedSide = 4096.0

    private func updateOpacity() {
        isOpaque = topColor.isOpaque && bottomColor.isOpaque
    }
}
