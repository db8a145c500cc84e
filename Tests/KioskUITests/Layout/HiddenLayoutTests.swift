import KioskGraphics
import KioskUI
import Testing

/// Stacks leave hidden views out of their arrangement, so hiding or showing one lays the stack
/// (and whatever holds it) out again, as a binding on `hidden` expects.
struct HiddenLayoutTests {
    private func box(_ height: Double) -> View {
        let view = View()
        view.fixedSize = SizeConstraint(width: 40, height: height)
        return view
    }

    @Test func showingAViewMakesRoomForItInItsStack() {
        let first = box(30), second = box(20)
        first.isHidden = true
        let column = StackView(axis: .vertical, spacing: 10, alignment: .leading, [first, second])
        let root = StackView(axis: .vertical, spacing: 0, alignment: .leading, [column, SpacerView(minLength: 0)])
        let screen = Screen(size: Size(width: 200, height: 200), rootView: root)
        screen.layoutIfNeeded()
        #expect(second.frame.origin.y == 0)

        first.isHidden = false
        screen.layoutIfNeeded()
        #expect(first.frame == Rect(x: 0, y: 0, width: 40, height: 30))
        #expect(second.frame.origin.y == 40)
        #expect(column.frame.height == 60)

        first.isHidden = true
        screen.layoutIfNeeded()
        #expect(second.frame.origin.y == 0)
        #expect(column.frame.height == 20)
    }
}
