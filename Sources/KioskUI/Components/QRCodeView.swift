import KioskGraphics

/// A QR code of a text: a link to open, a payment to make.
///
/// Drawn for the camera rather than the eye: every module is a whole number of pixels (the largest
/// that fits the square with its quiet zone), the square is centred on whole pixels, and there is
/// no antialiasing, so each pixel is exactly the dark or the light colour. Dark on light in both
/// appearances: many readers do not decode an inverted code, and none needs the contrast less.
///
/// A text the code cannot hold (see `encodingError`) leaves an empty light square with a thin
/// outline in its place.
open class QRCodeView: View {
    /// The encoded text, as UTF-8. Empty shows the empty square.
    public var text: String {
        didSet { if text != oldValue { encode() } }
    }

    public var errorCorrection: QRCode.ErrorCorrection {
        didSet { if errorCorrection != oldValue { encode() } }
    }

    /// The light margin around the code, in modules. Readers need 4 (ISO/IEC 18004) unless the
    /// view's surroundings are as light as `lightColor` anyway.
    public var quietZone: Int = QRCode.standardQuietZone {
        didSet {
            quietZone = max(0, quietZone)
            if quietZone != oldValue { setNeedsDisplay() }
        }
    }

    /// Colour of the dark modules; keep it much darker than `lightColor`.
    public var darkColor: Color = .black {
        didSet { if darkColor != oldValue { setNeedsDisplay() } }
    }

    /// Colour of the light modules and the quiet zone.
    public var lightColor: Color = .white {
        didSet { if lightColor != oldValue { setNeedsDisplay() } }
    }

    /// Why `text` shows no code, when it does not fit at `errorCorrection`.
    public private(set) var encodingError: QRCode.EncodingError?

    /// The encoded symbol, nil while there is nothing to show.
    public private(set) var code: QRCode?

    /// The dark runs of each row of `code`, found once per text rather than at every repaint.
    private var darkRuns: [[Range<Int>]] = []

    public init(text: String = "", errorCorrection: QRCode.ErrorCorrection = .medium) {
        self.text = text
        self.errorCorrection = errorCorrection
        super.init()
        encode()
    }

    open override var intrinsicContentSize: Size? { Size(width: 160, height: 160) }

    open override var defaultAccessibilityTraits: AccessibilityTraits { .image }

    private func encode() {
        defer { setNeedsDisplay() }
        encodingError = nil
        code = nil
        darkRuns = []
        guard !text.isEmpty else { return }
        do {
            let encoded = try QRCode(text: text, errorCorrection: errorCorrection)
            code = encoded
            darkRuns = (0..<encoded.size).map(encoded.darkRuns(inRow:))
        } catch {
            encodingError = error
        }
    }

    // MARK: Geometry

    /// Where the code and its quiet zone go, in the view's coordinates, with the side of one module:
    /// the largest whole number of device pixels a module that fits, the square centred on whole
    /// device pixels. `canvasTransform` maps the view's coordinates to the device's (its scale is
    /// the display's).
    public func symbolLayout(in canvasTransform: AffineTransform = .identity) -> (square: Rect, moduleSize: Double)? {
        let modules = (code?.size ?? 0) + 2 * quietZone
        let content = contentRect
        let side = min(content.width, content.height)
        let scale = (canvasTransform.a * canvasTransform.a + canvasTransform.b * canvasTransform.b).squareRoot()
        guard modules > 0, side.isFinite, scale > 0 else { return nil }
        let modulePixels = (side * scale / Double(modules)).rounded(.down)
        guard modulePixels >= 1 else { return nil }
        let moduleSize = modulePixels / scale
        let squareSide = moduleSize * Double(modules)
        let centred = Point(x: content.midX - squareSide / 2, y: content.midY - squareSide / 2)
        // Snap the corner in device space, where the pixels are, then come back to the view's space.
        let device = canvasTransform.apply(to: centred)
        let snapped = Point(x: device.x.rounded(.down), y: device.y.rounded(.down))
        let origin = canvasTransform.inverted()?.apply(to: snapped) ?? centred
        return (Rect(x: origin.x, y: origin.y, width: squareSide, height: squareSide), moduleSize)
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        let light = environment.resolve(lightColor), dark = environment.resolve(darkColor)
        guard let code else {
            drawPlaceholder(in: canvas, light: light, environment: environment)
            return
        }
        // A view too small for one pixel a module shows nothing rather than an unreadable smudge.
        guard let (square, moduleSize) = symbolLayout(in: canvas.currentTransform) else { return }
        canvas.fill(square, color: light)
        let origin = Point(x: square.minX + Double(quietZone) * moduleSize, y: square.minY + Double(quietZone) * moduleSize)
        for row in 0..<code.size {
            let y = origin.y + Double(row) * moduleSize
            guard y < rect.maxY, y + moduleSize > rect.minY else { continue }
            for run in darkRuns[row] {
                canvas.fill(Rect(x: origin.x + Double(run.lowerBound) * moduleSize, y: y,
                                 width: Double(run.count) * moduleSize, height: moduleSize), color: dark)
            }
        }
    }

    private func drawPlaceholder(in canvas: Canvas, light: RGBA, environment: Environment) {
        let content = contentRect
        let side = min(content.width, content.height).rounded(.down)
        guard side >= 2 else { return }
        let square = Rect(x: (content.midX - side / 2).rounded(.down), y: (content.midY - side / 2).rounded(.down),
                          width: side, height: side)
        canvas.fill(square, color: environment.resolve(.systemGray4))
        canvas.fill(square.insetBy(dx: 1, dy: 1), color: light)
    }
}
