import KioskGraphics
@testable import KioskUI
import Testing

/// `setSubviews` replaces a container's children in one linear pass; views that stay are not
/// taken off the screen on the way.
@MainActor
struct SetSubviewsTests {
    final class Field: View {
        override var canBecomeFirstResponder: Bool { true }
    }

    func container(_ count: Int) -> (Screen, View, [View]) {
        let root = View()
        let screen = Screen(size: Size(width: 100, height: 100), rootView: root)
        let views = (0..<count).map { _ in View(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
        root.setSubviews(views)
        return (screen, root, views)
    }

    @Test func reorderingKeepsTheViewsOnScreenAndFocused() {
        let (screen, root, views) = container(3)
        let field = Field()
        root.setSubviews(views + [field])
        #expect(field.becomeFirstResponder())
        root.setSubviews([field] + views.reversed())
        #expect(root.subviews.map(ObjectIdentifier.init) == ([field] + views.reversed()).map(ObjectIdentifier.init))
        #expect(screen.input.focusedView === field, "a view that only changed place keeps its focus")
        #expect(root.subviews.allSatisfy { $0.superview === root && $0.screen === screen })
    }

    @Test func goneViewsLeaveAndNewOnesArrive() {
        let (screen, root, views) = container(4)
        let other = View(), adopted = View()
        other.addSubview(adopted)
        let fresh = View()
        root.setSubviews([views[2], fresh, adopted, views[0], views[2]])
        #expect(root.subviews.count == 4, "a view listed twice is placed once")
        #expect(views[1].superview == nil && views[1].screen == nil)
        #expect(views[3].superview == nil)
        #expect(fresh.superview === root && fresh.screen === screen)
        #expect(adopted.superview === root && other.subviews.isEmpty)
    }

    @Test func theSameSubviewsAgainChangeNothing() {
        let (screen, root, views) = container(3)
        screen.geometryQueue.removeAll()
        for view in views { view.isQueuedForGeometry = false }
        root.setSubviews(views)
        #expect(screen.geometryQueue.isEmpty)
    }

    @Test func workIsLinearInTheNumberOfSiblings() {
        func work(_ count: Int) -> Int {
            let (_, root, views) = container(count)
            ViewTreeWork.subviewSlotsVisited = 0
            // An insertion at the front, every other view dropped, the rest in reverse order.
            root.setSubviews([View()] + views.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).reversed())
            return ViewTreeWork.subviewSlotsVisited
        }
        let small = work(1_000), large = work(8_000)
        #expect(large <= 4 * 8_000, "a few slots per sibling, not one pass over the siblings per change")
        #expect(Double(large) / Double(small) < 10, "8× the siblings, about 8× the work")
    }
}
