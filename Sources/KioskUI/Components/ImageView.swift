import KioskGraphics

/// How an image fills its view.
public enum ContentMode: String, Sendable {
    /// Scaled to fit inside, keeping its proportions.
    case fit
    /// Scaled to cover the view, keeping its proportions; the excess is clipped.
    case fill
    /// At its own size, centred.
    case center
}

/// Shows a picture, optionally tinted through its alpha, optionally clipped to a circle.
open class ImageView: View {
    public var image: Surface? {
        didSet { if image !== oldValue { setNeedsDisplay(); invalidateSize() } }
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
        self.image = image
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

    open override var intrinsicContentSize: Size? { image?.size ?? (icon != nil ? Size(width: 24, height: 24) : nil) }

    open override var defaultAccessibilityTraits: AccessibilityTraits { .image }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        if image == nil, let icon {
            icon.draw(in: contentRect, color: environment.resolve(tint ?? .label), canvas: canvas)
            return
        }
        guard let image else { return }
        let content = contentRect
        let target = Self.imageRect(for: image.size, in: content, mode: contentMode)
        canvas.withSavedState {
            if isCircular {
                let side = min(content.width, content.height)
                canvas.beginPath()
                canvas.addEllipse(in: Rect(x: content.midX - side / 2, y: content.midY - side / 2, width: side, height: side))
                canvas.clip(toRoundedRect: content, radius: side / 2)
            } else if contentMode == .fill || contentMode == .center {
                canvas.clip(to: content)
            }
            if let tint {
                canvas.draw(image, in: target, tint: environment.resolve(tint))
            } else {
                canvas.draw(image, in: target)
            }
        }
    }

    static func imageRect(for size: Size, in container: Rect, mode: ContentMode) -> Rect {
        guard size.width > 0, size.height > 0 else { return .zero }
        let scale: Double
        switch mode {
        case .fit: scale = min(container.width / size.width, container.height / size.height)
        case .fill: scale = max(container.width / size.width, container.height / size.height)
        case .center: scale = 1
        }
        let width = size.width * scale, height = size.height * scale
        return Rect(x: container.midX - width / 2, y: container.midY - height / 2, width: width, height: height)
    }
}
