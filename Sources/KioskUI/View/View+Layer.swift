import KioskGraphics

extension View {
    /// Paints what every view has before its content: the shadow, then the background, both
    /// following the rounded bounds. A shadowed view over one colour copies the two from a picture
    /// drawn once (`BackdropPicture`): blending a soft shadow is the dearest thing a card costs.
    package func drawBackground(in canvas: Canvas) {
        let environment = self.environment
        let background = backgroundColor.map { environment.resolve($0) }.flatMap { $0.alpha > 0 ? $0 : nil }
        guard let shadow, shadow.opacity > 0 else {
            backgroundPicture = nil
            if let background { Self.draw(background: background, of: bounds, radius: cornerRadius, in: canvas) }
            return
        }
        // Painted inside the body only (a ring on a card changed): its colour is all that shows
        // there, and the picture is kept for the next repaint that reaches the shadow.
        if let background, background.isOpaque, canvas.fillClip(with: background, ifInsideOneOf: bodyInterior) { return }
        let resolved = shadow.resolved(in: environment)
        let key = BackgroundPictureKey(bounds: bounds, radius: cornerRadius, shadow: resolved, background: background)
        let picture = backgroundPicture ?? BackdropPicture()
        backgroundPicture = picture
        let opaqueBody = background?.isOpaque == true ? bodyBetweenCornerColumns : nil
        // Only where the shadow changes pixels: its faint far edge would be compared and copied
        // for nothing.
        let extent = canvas.shadowInk(resolved, ofRoundedRect: bounds, radius: cornerRadius).union(bounds)
        let drawn = picture.draw(into: canvas, extent: extent, opaqueExtent: opaqueBody,
                                 key: key) { pictureCanvas in
            Self.draw(shadow: resolved, background: background, of: key.bounds, radius: key.radius, in: pictureCanvas)
        }
        if !drawn { Self.draw(shadow: resolved, background: background, of: bounds, radius: cornerRadius, in: canvas) }
    }

    /// An opaque body covers all of itself but the rounded corners' columns: the part of a
    /// shadowed view's picture that does not depend on what is under it.
    private var bodyBetweenCornerColumns: Rect { bounds.insetBy(dx: min(cornerRadius, bounds.width / 2), dy: 0) }

    /// An opaque body covers wholly what lies between its corner columns, or between its corner rows.
    private var bodyInterior: [Rect] {
        let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
        return [bounds.insetBy(dx: radius, dy: 0), bounds.insetBy(dx: 0, dy: radius)]
    }

    /// The opaque pixels (`opaquePixelRects`) the view paints without reading what is under them
    /// first: what its superview need not paint. A shadowed view's picture compares the pixels
    /// beside its body's straight columns, so only the body between them counts.
    package func opaquePixelRectsPaintedBlind() -> [PixelRect] {
        let rects = opaquePixelRects()
        guard !rects.isEmpty, let shadow, shadow.opacity > 0 else { return rects }
        let body = PixelRect(exactlyInside: transformToScreen.apply(to: bodyBetweenCornerColumns))
        return rects.map { $0.intersection(body) }.filter { !$0.isEmpty }
    }

    private static func draw(shadow: Shadow, background: RGBA?, of bounds: Rect, radius: Double, in canvas: Canvas) {
        canvas.drawShadow(shadow, ofRoundedRect: bounds, radius: radius, coveredByShape: background?.isOpaque ?? false)
        if let background { draw(background: background, of: bounds, radius: radius, in: canvas) }
    }

    private static func draw(background: RGBA, of bounds: Rect, radius: Double, in canvas: Canvas) {
        if radius > 0 {
            canvas.fill(roundedRect: bounds, radius: radius, color: background)
        } else {
            canvas.fill(bounds, color: background)
        }
    }

    /// Paints the border above content and subviews, inside the rounded bounds.
    package func drawBorder(in canvas: Canvas) {
        guard let border, border.width > 0, !bounds.isEmpty else { return }
        let inset = border.width / 2
        guard bounds.width > border.width, bounds.height > border.width else {
            // Too small for a stroke inside it (whose path would turn inside out and reach past the
            // bounds): the border covers the whole view.
            let color = environment.resolve(border.color)
            if cornerRadius > 0 { canvas.fill(roundedRect: bounds, radius: cornerRadius, color: color) } else { canvas.fill(bounds, color: color) }
            return
        }
        canvas.beginPath()
        canvas.addRoundedRect(bounds.insetBy(dx: inset, dy: inset), radius: max(0, cornerRadius - inset))
        canvas.stroke(environment.resolve(border.color), style: StrokeStyle(width: border.width))
    }

    /// Clips to the rounded bounds (content and subviews of a clipping view).
    package func clipToBounds(in canvas: Canvas) {
        if cornerRadius > 0 {
            canvas.clip(toRoundedRect: bounds, radius: cornerRadius)
        } else {
            canvas.clip(to: bounds)
        }
    }
}

/// What a view's background picture shows: it is drawn again when any of this changes.
package struct BackgroundPictureKey: Equatable {
    var bounds: Rect
    var radius: Double
    var shadow: Shadow
    var background: RGBA?
}
