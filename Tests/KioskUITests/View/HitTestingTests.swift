import KioskGraphics
import KioskUI
import Testing

struct HitTestingTests {
    private func screenWithButton() -> (Screen, View, View) {
        let root = View()
        let button = View(frame: Rect(x: 100, y: 100, width: 80, height: 40))
        button.id = "button"
        root.addSubview(button)
        let screen = Screen(size: Size(width: 400, height: 300), rootView: root)
        screen.layoutIfNeeded()
        return (screen, root, button)
    }

    @Test func findsTheDeepestView() {
        let (screen, root, button) = screenWithButton()
        #expect(screen.hitTest(Point(x: 120, y: 110)) === button)
        #expect(screen.hitTest(Point(x: 10, y: 10)) === root)
    }

    @Test func honoursTransforms() {
        let (screen, _, button) = screenWithButton()
        button.transform = AffineTransform(scale: 2)       // 160x80 about its centre (140, 120)
        #expect(screen.hitTest(Point(x: 65, y: 85)) === button)
        button.transform = AffineTransform(translationX: 200, y: 0)
        #expect(screen.hitTest(Point(x: 120, y: 110)) !== button)
        #expect(screen.hitTest(Point(x: 320, y: 110)) === button)
    }

    @Test func hiddenTransparentAndDisabledViewsTakeNoTouches() {
        let (screen, root, button) = screenWithButton()
        button.isHidden = true
        #expect(screen.hitTest(Point(x: 120, y: 110)) === root)
        button.isHidden = false
        button.alpha = 0
        #expect(screen.hitTest(Point(x: 120, y: 110)) === root)
        button.alpha = 1
        button.isUserInteractionEnabled = false
        #expect(screen.hitTest(Point(x: 120, y: 110)) === root)
    }

    @Test func clippingViewsOnlyPassTouchesInside() {
        let (screen, _, button) = screenWithButton()
        let child = View(frame: Rect(x: 70, y: 0, width: 40, height: 40))   // hangs out of the button
        button.addSubview(child)
        #expect(screen.hitTest(Point(x: 200, y: 110)) === child)
        button.clipsToBounds = true
        #expect(screen.hitTest(Point(x: 200, y: 110)) !== child)
    }
}
