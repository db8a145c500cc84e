import KioskGraphics

/// How an image fills its view.
public enum ContentMode: String, Sendable {
    /// Scaled to fit inside, keeping its proportions (`fit: contain` in YAML).
    case fit
    /// Scaled to cover the view, keeping its proportions; the excess is clipped (`fit: cover`).
    case fill
    /// At its own size, centred.
    case center
    /// Stretched to the view's bounds, proportions lost (`fit: fill`).
    case stretch
}

/// Shows a picture (a bitmap, or an SVG drawn at the size and scale it is shown), optionally
/// tinted through its alpha, optionally clipped to a circle.
open class ImageView: View {
    /// The picture shown: a PNG or JPEG's pixels, or an SVG document.
    public var content: ImageContent? {
        didSet {
            guard !Self.same(content, oldValue) else { return }
            setNeedsDisplay()
            invalidateSize()
        }
    }

    /// The bitmap shown, when the content is one.
    public var image: Surface? {
        get { if case .bitmap(let surface)? = content { surface } else { nil } }
        set { content = newValue.map(ImageContent.bitmap) }
    }

    public var contentMode: ContentMode = .fit {
        didSet { if contentMode != oldValue { setNeedsDisplay() } }
    }

    /// When set, the image's alpha is filled with this colour (icons).
    public var tint: Color? {
        didSet { if tint != oldValue { setNeedsDisplay() } }
    }

    /// Clips to the circle inscribed in the bounds.
    public var isCircular = false {
        didSet { if isCircular != oldValue { setNeedsDisplay() } }
    }

    /// An icon (a built-in symbol or a Material Design glyph), drawn when there is no image (in
    /// `tint`, or the label colour).
    public var icon: Icon? {
        didSet { if icon != oldValue { setNeedsDisplay(); invalidateSize() } }
    }

    /// The icon when it is a built-in symbol.
    public var symbol: Symbol? {
        get { if case .symbol(let symbol)? = icon { symbol } else { nil } }
        set { icon = newValue.map(Icon.symbol) }
    }

    public init(image: Surface? = nil) {
        content = image.map(ImageContent.bitmap)
        super.init()
    }

    public init(content: ImageContent?) {
        self.content = content
        super.init()
    }

    public init(icon: Icon, tint: Color? = nil) {
        self.icon = icon
        self.tint = tint
        super.init()
    }

    public init(symbol: Symbol, tint: Color? = nil) {
        self.icon = .symbol(symbol)
        self.tint = tint
        super.init()
    }

    open override var intrinsicContentSize: Size? { content?.size ?? (icon != nil ? Size(width: 24, height: 24) : nil) }

    open override var defaultAccessibilityTraits: AccessibilityTraits { .image }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        if content == nil, let icon {
            icon.draw(in: contentRect, color: environment.resolve(tint ?? .label), canvas: canvas)
            return
        }
        guard let picture = content else { return }
        let content = contentRect
        let target = Self.imageRect(for: picture.size, in: content, mode: contentMode)
        canvas.withSavedState {
            if isCircular {
                let side = min(content.width, content.height)
                canvas.beginPath()
                canvas.addEllipse(in: Rect(x: content.midX - side / 2, y: content.midY - side / 2, width: side, height: side))
                canvas.clip(toRoundedRect: content, radius: side / 2)
            } else if contentMode == .fill || contentMode == .center {
                canvas.clip(to: content)
            }
            picture.draw(in: target, canvas: canvas, tint: tint.map(environment.resolve))
        }
    }

    private static func same(_ a: ImageContent?, _ b: ImageContent?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (.bitmap(let x)?, .bitmap(let y)?): x === y
        case (.vector(let x)?, .vector(let y)?): x === y
        default: false
        }
    }

    static func imageRect(for size: Size, in container: Rect, mode: ContentMode) -> Rect {
        guard size.width > 0, size.height > 0 else { return .zero }
        let scale: Double
        switch mode {
        case .fit: scale = min(container.width / size.width, container.height / size.height)
        case .fill: scale = max(container.width / size.width, container.height / size.height)
        case .center: scale = 1
        case .stretch: return container
        }
        let width = size.width * scale, height = size.height * scale
        return Rect(x: container.midX - width / 2, y: container.midY - height / 2, width: width, height: height)
    }
}
