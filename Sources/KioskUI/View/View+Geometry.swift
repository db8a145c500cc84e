import KioskGraphics

extension View {
    /// Maps the view's coordinates into its superview's: bounds origin, then `transform` about the
    /// centre, then the frame's position.
    public var transformToSuperview: AffineTransform {
        let halfWidth = frame.width / 2, halfHeight = frame.height / 2
        let toCentre = AffineTransform(translationX: -halfWidth - boundsOrigin.x, y: -halfHeight - boundsOrigin.y)
        let fromCentre = AffineTransform(translationX: frame.minX + halfWidth, y: frame.minY + halfHeight)
        if transform.isIdentity { return toCentre.concatenating(fromCentre) }
        return toCentre.concatenating(transform).concatenating(fromCentre)
    }

    /// Maps the view's coordinates to screen pixels (the screen's scale included).
    public var transformToScreen: AffineTransform {
        var result = transformToSuperview
        var ancestor = superview
        while let view = ancestor {
            result = result.concatenating(view.transformToSuperview)
            ancestor = view.superview
        }
        if let screen { result = result.concatenating(AffineTransform(scale: screen.scale)) }
        return result
    }

    public func convert(_ point: Point, to other: View?) -> Point {
        let screenPoint = transformToScreen.apply(to: point)
        guard let other else { return screenPoint }
        return other.transformToScreen.inverted()?.apply(to: screenPoint) ?? screenPoint
    }

    public func convert(_ point: Point, from other: View?) -> Point {
        let screenPoint = other?.transformToScreen.apply(to: point) ?? point
        return transformToScreen.inverted()?.apply(to: screenPoint) ?? screenPoint
    }

    /// The overhang for drawing that covers `drawn` (in the view's coordinates): how far it reaches
    /// past each edge of the bounds, plus `margin` for antialiasing. What a component computes its
    /// `drawingOverhang` with when its drawing does not shrink with its bounds.
    public func overhang(reaching drawn: Rect, margin: Double) -> EdgeInsets {
        let box = bounds
        return EdgeInsets(top: margin + max(0, box.minY - drawn.minY), left: margin + max(0, box.minX - drawn.minX),
                          bottom: margin + max(0, drawn.maxY - box.maxY), right: margin + max(0, drawn.maxX - box.maxX))
    }

    /// Everything the view paints itself, in its own coordinates: bounds, overhang and shadow.
    public var visualBounds: Rect {
        var drawn = bounds.inset(by: EdgeInsets(top: -drawingOverhang.top, left: -drawingOverhang.left,
                                                 bottom: -drawingOverhang.bottom, right: -drawingOverhang.right))
        // The border's stroke lies inside the bounds, but its antialiasing can tint the pixel
        // just beyond an edge (a stroke of fractional width): damage must reach it.
        if let border, border.width > 0 { drawn = drawn.insetBy(dx: -1, dy: -1) }
        guard let shadow, shadow.opacity > 0 else { return drawn }
        return drawn.union(shadow.resolved(in: environment).bounds(of: bounds))
    }

    /// Visible: neither it nor an ancestor is hidden or fully transparent, and it is on a screen.
    public var isEffectivelyVisible: Bool {
        var current: View? = self
        while let view = current {
            if view.isHidden || view.alpha <= 0 { return false }
            if view.superview == nil { return view.screen?.rootView === view }
            current = view.superview
        }
        return false
    }

    /// Neither the view nor an ancestor is translucent: what it paints reaches the screen as it is.
    package var isSeenAtFullAlpha: Bool {
        var current: View? = self
        while let view = current {
            if view.alpha < 1 { return false }
            current = view.superview
        }
        return true
    }

    /// The screen pixels the view's own drawing can touch now, clipped by clipping ancestors and
    /// the screen; empty when it is not visible.
    package func currentVisualPixelRect() -> PixelRect {
        currentVisualPixelRect(below: ancestorGeometry()).rect
    }

    /// `subtreeExtent` from the view's own drawing and its subviews' extents, which must be known.
    package func extentOfSubtree() -> Rect? {
        var extent = visualBounds
        for subview in subviews {
            guard let inner = subview.subtreeExtent else { return nil }
            if subview.transform.isIdentity {
                // What `transformToSuperview` comes to without a transform: a move.
                let frame = subview.frame, origin = subview.boundsOrigin
                extent = extent.union(inner.offsetBy(dx: frame.minX - origin.x, dy: frame.minY - origin.y))
            } else {
                extent = extent.union(subview.transformToSuperview.apply(to: inner))
            }
        }
        return extent
    }

    /// What a walk up from this view finds above it, to start a walk down its subtree with
    /// (`currentVisualPixelRect(below:)`).
    package func ancestorGeometry() -> AncestorGeometry {
        guard let screen else { return .offScreen }
        guard let parent = superview else {
            return AncestorGeometry(toScreen: AffineTransform(scale: screen.scale), isVisible: screen.rootView === self,
                                    clip: screen.pixelBounds)
        }
        var clip = screen.pixelBounds
        var ancestor: View? = parent
        while let view = ancestor {
            if view.clipsToBounds { clip = clip.intersection(PixelRect(covering: view.transformToScreen.apply(to: view.bounds))) }
            ancestor = view.superview
        }
        return AncestorGeometry(toScreen: parent.transformToScreen, isVisible: parent.isEffectivelyVisible, clip: clip)
    }

    /// `currentVisualPixelRect()` from what the walk down knows of the ancestors, and what the
    /// walk passes on to the subviews: each view costs the same however deep it lies, where the
    /// walk up costs a transform per ancestor, and as much again for each clipping one.
    package func currentVisualPixelRect(below ancestors: AncestorGeometry) -> (rect: PixelRect, forSubviews: AncestorGeometry) {
        guard ancestors.isVisible, !isHidden, alpha > 0 else { return (.zero, .offScreen) }
        let toScreen = transformToSuperview.concatenating(ancestors.toScreen)
        let rect = PixelRect(covering: toScreen.apply(to: visualBounds)).intersection(ancestors.clip)
        let clip = clipsToBounds ? ancestors.clip.intersection(PixelRect(covering: toScreen.apply(to: bounds))) : ancestors.clip
        return (rect, AncestorGeometry(toScreen: toScreen, isVisible: true, clip: clip))
    }

    /// The screen pixels the view covers opaquely, when it can promise any: a view whose background
    /// (or own promise) is opaque, seen through no translucency and no rotation. With rounded
    /// corners, the promise holds for the two rectangles that avoid the corners; a clipping
    /// ancestor keeps it to what that ancestor shows, the same way.
    package func opaquePixelRects() -> [PixelRect] {
        guard isOpaque || (backgroundColor.map { environment.resolve($0).isOpaque } ?? false) else { return [] }
        var current: View? = self
        while let view = current {
            if view.alpha < 1 || !view.transform.isAxisAligned { return [] }
            current = view.superview
        }
        var covered = roundedRectInterior()
        var ancestor = superview
        while let view = ancestor, !covered.isEmpty {
            if view.clipsToBounds {
                let shown = view.roundedRectInterior()
                covered = covered.flatMap { rect in shown.map { rect.intersection($0) } }.filter { !$0.isEmpty }
            }
            ancestor = view.superview
        }
        return covered
    }

    /// Whether the view paints all of `rect` (screen pixels) opaquely: whether one of
    /// `opaquePixelRects()` holds it, worked out without them. A rectangle lies in an
    /// intersection when it lies in each part, so it is enough that each clipping ancestor's
    /// interior, and the view's own, holds it; and one walk up and back down gives every
    /// transform, where asking each clipping ancestor for its own would walk up again.
    package func coversOpaquely(_ rect: PixelRect) -> Bool {
        guard isOpaque || (backgroundColor.map { environment.resolve($0).isOpaque } ?? false) else { return false }
        /// The transform of `view` to the screen, or nil when `view` or an ancestor breaks the promise.
        func toScreen(_ view: View) -> AffineTransform? {
            guard view.alpha >= 1, view.transform.isAxisAligned else { return nil }
            let parentToScreen: AffineTransform
            if let parent = view.superview {
                guard let transform = toScreen(parent) else { return nil }
                parentToScreen = transform
            } else {
                parentToScreen = view.screen.map { AffineTransform(scale: $0.scale) } ?? .identity
            }
            let transform = view.transformToSuperview.concatenating(parentToScreen)
            guard view === self || !view.clipsToBounds || view.interiorContains(rect, toScreen: transform) else { return nil }
            return transform
        }
        guard let transform = toScreen(self) else { return false }
        return interiorContains(rect, toScreen: transform)
    }

    /// Whether `rect` lies in the screen pixels wholly inside the view's rounded bounds.
    private func interiorContains(_ rect: PixelRect, toScreen: AffineTransform) -> Bool {
        let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
        guard radius > 0 else { return PixelRect(exactlyInside: toScreen.apply(to: bounds)).contains(rect) }
        return PixelRect(exactlyInside: toScreen.apply(to: bounds.insetBy(dx: radius, dy: 0))).contains(rect)
            || PixelRect(exactlyInside: toScreen.apply(to: bounds.insetBy(dx: 0, dy: radius))).contains(rect)
    }

    /// The screen pixels wholly inside the view's rounded bounds: the bounds, or with rounded
    /// corners the two rectangles that avoid them.
    private func roundedRectInterior() -> [PixelRect] {
        let toScreen = transformToScreen
        let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
        let shapes = radius > 0
            ? [bounds.insetBy(dx: radius, dy: 0), bounds.insetBy(dx: 0, dy: radius)]
            : [bounds]
        return shapes.map { PixelRect(exactlyInside: toScreen.apply(to: $0)) }.filter { !$0.isEmpty }
    }
}

/// What a walk down the view tree knows of the ancestors of the views it reaches: how their
/// coordinates map to the screen, whether they are all shown, and what their clipping leaves.
package struct AncestorGeometry {
    /// Maps the parent's coordinates to screen pixels.
    package let toScreen: AffineTransform
    /// The tree is on a screen and no ancestor is hidden or fully transparent.
    package let isVisible: Bool
    /// The screen pixels the ancestors' clipping (and the screen's edges) leave.
    package let clip: PixelRect

    /// Above a view on no screen, or a hidden one: nothing below is painted.
    static let offScreen = AncestorGeometry(toScreen: .identity, isVisible: false, clip: .zero)
}
