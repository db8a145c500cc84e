import KioskGraphics

/// A row of dots, one per page, the current one filled with the accent colour: where a person is
/// among pages they swipe between. It shows; it takes no touches (they reach what lies below).
open class PageControl: View {
    public var numberOfPages = 0 {
        didSet { if numberOfPages != oldValue { invalidateSize(); setNeedsDisplay() } }
    }

    /// Clamped to the pages there are when drawn.
    public var currentPage = 0 {
        didSet { if currentPage != oldValue { setNeedsDisplay() } }
    }

    public var currentPageColor: Color = .accent {
        didSet { if currentPageColor != oldValue { setNeedsDisplay() } }
    }

    /// The default stays visible on the system background in both appearances.
    public var pageColor: Color = .systemGray {
        didSet { if pageColor != oldValue { setNeedsDisplay() } }
    }

    static let diameter = 8.0
    static let spacing = 10.0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        padding = EdgeInsets(top: 6, left: 10, bottom: 6, right: 10)
    }

    open override var intrinsicContentSize: Size? {
        let count = Double(max(0, numberOfPages))
        return Size(width: count * Self.diameter + max(0, count - 1) * Self.spacing, height: Self.diameter)
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        guard numberOfPages > 0 else { return }
        let environment = self.environment
        let current = min(max(currentPage, 0), numberOfPages - 1)
        let content = contentRect
        let total = Double(numberOfPages) * Self.diameter + Double(numberOfPages - 1) * Self.spacing
        var x = (content.midX - total / 2).rounded()
        let y = (content.midY - Self.diameter / 2).rounded()
        for page in 0..<numberOfPages {
            let dot = Rect(x: x, y: y, width: Self.diameter, height: Self.diameter)
            canvas.fill(roundedRect: dot, radius: Self.diameter / 2,
                        color: environment.resolve(page == current ? currentPageColor : pageColor))
            x += Self.diameter + Self.spacing
        }
    }

    open override var defaultAccessibilityValue: String? {
        numberOfPages > 0 ? "page \(min(max(currentPage, 0), numberOfPages - 1) + 1) of \(numberOfPages)" : nil
    }
}
