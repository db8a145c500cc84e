import KioskGraphics

extension View {
    /// Paints what every view has before its content: the shadow, then the background, both
    /// following the rounded bounds.
    package func drawBackground(in canvas: Canvas) {
        let environment = self.environment
        let background = backgroundColor.map { environment.resolve($0) }
        if let shadow, shadow.opacity > 0 {
            canvas.drawShadow(shadow.resolved(in: environment), ofRoundedRect: bounds, radius: cornerRadius,
                              coveredByShape: background?.isOpaque ?? false)
        }
        if let background, background.alpha > 0 {
            if cornerRadius > 0 {
                canvas.fill(roundedRect: bounds, radius: cornerRadius, color: background)
            } else {
                canvas.fill(bounds, color: background)
            }
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
