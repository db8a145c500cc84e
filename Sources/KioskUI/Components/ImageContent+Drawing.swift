import KioskGraphics

extension ImageContent {
    /// Draws the picture stretched to `rect`. An SVG is rendered for the device pixels `rect`
    /// covers under the canvas's transform (scale included), never scaled from another bitmap;
    /// its renderings are cached by size, so a view that keeps its size reuses one.
    func draw(in rect: Rect, canvas: Canvas, tint: RGBA? = nil, cache: ImageFileCache = .shared) {
        guard !rect.isEmpty else { return }
        let surface: Surface
        switch self {
        case .bitmap(let bitmap):
            surface = bitmap
        case .vector(let document):
            let transform = canvas.currentTransform
            let scaleX = (transform.a * transform.a + transform.b * transform.b).squareRoot()
            let scaleY = (transform.c * transform.c + transform.d * transform.d).squareRoot()
            surface = cache.rendering(of: document, width: Int((rect.width * scaleX).rounded()),
                                      height: Int((rect.height * scaleY).rounded()))
        }
        if let tint {
            canvas.draw(surface, in: rect, tint: tint)
        } else {
            canvas.draw(surface, in: rect)
        }
    }
}
