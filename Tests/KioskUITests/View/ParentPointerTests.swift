import KioskGraphics
import KioskUI
import Testing

/// A view points at its superview and screen without keeping them alive. These check that the
/// pointers are cleared whenever what they point at goes away first, so none is left dangling.
struct ParentPointerTests {
    @Test func aViewOutlivingItsSuperviewHasNoSuperview() {
        let child = View()
        var parent: View? = View()
        parent!.addSubview(child)
        #expect(child.superview === parent)
        parent = nil
        #expect(child.superview == nil)
        // The child can join another tree and leave it again.
        let other = View()
        other.addSubview(child)
        #expect(child.superview === other)
        child.removeFromSuperview()
        #expect(child.superview == nil)
    }

    @Test func aViewLeftOutBySetSubviewsHasNoSuperview() {
        let parent = View(), kept = View(), dropped = View()
        parent.setSubviews([kept, dropped])
        parent.setSubviews([kept])
        #expect(dropped.superview == nil)
        #expect(kept.superview === parent)
    }

    @Test func aViewOutlivingItsScreenHasNoScreen() {
        let root = View(), leaf = View()
        root.addSubview(leaf)
        var screen: Screen? = Screen(size: Size(width: 100, height: 100), rootView: root)
        #expect(leaf.screen === screen)
        screen = nil
        #expect(root.screen == nil)
        #expect(leaf.screen == nil)
        // A new screen takes the same tree.
        let next = Screen(size: Size(width: 100, height: 100), rootView: root)
        #expect(leaf.screen === next)
    }

    @Test func aRemovedOrReplacedTreeHasNoScreen() {
        let first = View(), second = View(), leaf = View()
        first.addSubview(leaf)
        let screen = Screen(size: Size(width: 100, height: 100), rootView: first)
        screen.rootView = second
        #expect(leaf.screen == nil)
        second.addSubview(leaf)
        #expect(leaf.screen === screen)
        leaf.removeFromSuperview()
        #expect(leaf.screen == nil)
    }
}
