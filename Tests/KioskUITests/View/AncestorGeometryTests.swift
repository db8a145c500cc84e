import KioskGraphics
import KioskUI
import Testing

/// The damage walk works out each view's painted rectangle going down the tree
/// (`currentVisualPixelRect(below:)`); it must give what a walk up from each view gives.
struct AncestorGeometryTests {
    /// A tree four levels deep with fractional frames, scales and rotations, clipping, hidden
    /// and transparent views, on a screen of scale `scale`; every view's two rectangles compared.
    @Test(arguments: [1.0, 1.5, 2.0])
    @MainActor func walkingDownGivesWhatWalkingUpGives(scale: Double) {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ range: ClosedRange<Double>) -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(seed >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        var views = [root]
        func grow(_ parent: View, depth: Int) {
            guard depth < 4 else { return }
            for index in 0..<3 {
                let view = View(frame: Rect(x: next(-40...300), y: next(-40...200), width: next(0...180), height: next(0...140)))
                view.clipsToBounds = index == 0
                view.isHidden = next(0...1) < 0.08
                view.alpha = next(0...1) < 0.08 ? 0 : 1
                if next(0...1) < 0.3 { view.transform = AffineTransform(translationX: next(-20...20), y: next(-20...20)) }
                if next(0...1) < 0.15 { view.transform = AffineTransform(scale: next(0.5...1.5)) }
                if next(0...1) < 0.1 { view.transform = AffineTransform(rotationAngle: next(-1...1)) }
                if next(0...1) < 0.2 { view.cornerRadius = next(0...12) }
                if next(0...1) < 0.2 { view.border = Border(width: next(0.5...3), color: Color(hex: 0x336699)) }
                parent.addSubview(view)
                views.append(view)
                grow(view, depth: depth + 1)
            }
        }
        grow(root, depth: 0)
        let screen = Screen(size: Size(width: 400, height: 300), scale: scale, rootView: root)
        _ = screen
        var compared = 0
        func walk(_ view: View, below ancestors: AncestorGeometry) {
            let (rect, forSubviews) = view.currentVisualPixelRect(below: ancestors)
            #expect(rect == Self.rectWalkingUp(view), "view \(compared) at \(view.frame)")
            #expect(view.currentVisualPixelRect() == rect)
            // Starting the walk anywhere gives the same.
            #expect(view.currentVisualPixelRect(below: view.ancestorGeometry()).rect == rect)
            compared += 1
            for subview in view.subviews { walk(subview, below: forSubviews) }
        }
        walk(root, below: root.ancestorGeometry())
        #expect(compared == views.count)
        #expect(views.contains { !$0.currentVisualPixelRect().isEmpty })
    }

    /// The reference: each view walks up to the root for its transform and visibility, and from
    /// each clipping ancestor for that ancestor's.
    @MainActor
    static func rectWalkingUp(_ view: View) -> PixelRect {
        guard let screen = view.screen, view.isEffectivelyVisible else { return .zero }
        var rect = PixelRect(covering: view.transformToScreen.apply(to: view.visualBounds)).intersection(screen.pixelBounds)
        var ancestor = view.superview
        while let current = ancestor {
            if current.clipsToBounds {
                rect = rect.intersection(PixelRect(covering: current.transformToScreen.apply(to: current.bounds)))
            }
            ancestor = current.superview
        }
        return rect
    }

    @Test @MainActor func aViewOnNoScreenHasNoRectangle() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 50, height: 50)), child = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        parent.addSubview(child)
        #expect(child.currentVisualPixelRect(below: child.ancestorGeometry()).rect.isEmpty)
    }
}
