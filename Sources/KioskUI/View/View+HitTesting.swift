import KioskGraphics

extension View {
    /// The deepest view that takes touches at `point` (in this view's coordinates): hidden views,
    /// fully transparent views and views with user interaction disabled take none, transforms are
    /// honoured, and a clipping view only passes on touches inside its bounds. A touch-transparent
    /// view passes on its subviews' touches but takes none itself.
    public func hitTest(_ point: Point) -> View? {
        guard !isHidden, alpha > 0.01, isUserInteractionEnabled else { return nil }
        let inside = self.point(inside: point)
        if clipsToBounds && !inside { return nil }
        for subview in subviews.reversed() {
            guard let toChild = subview.transformToSuperview.inverted() else { continue }
            if let hit = subview.hitTest(toChild.apply(to: point)) { return hit }
        }
        return inside && !isTouchTransparent ? self : nil
    }

    /// Whether a point in the view's coordinates is inside it. Subclasses may widen the target
    /// (small controls) or narrow it (round shapes).
    public func point(inside point: Point) -> Bool {
        bounds.contains(point)
    }
}

extension Screen {
    /// The view that takes a touch at a point in screen points.
    public func hitTest(_ point: Point) -> View? {
        guard let toRoot = rootView.transformToSuperview.inverted() else { return nil }
        return rootView.hitTest(toRoot.apply(to: point))
    }
}
