import KioskGraphics
import KioskUI
import Testing

/// A label remembers how far its text reaches past its bounds for its content box; whatever
/// moves the text must make it work that out again. Each case compares with a fresh label.
@MainActor
struct LabelOverhangTests {
    private func label(_ text: String, alignment: TextAlignment = .natural, on screen: Screen) -> Label {
        let label = Label(text, style: .title)
        label.textAlignment = alignment
        label.frame = Rect(x: 40, y: 40, width: 60, height: 20)
        screen.rootView.addSubview(label)
        return label
    }

    private func fresh(like label: Label, on screen: Screen) -> EdgeInsets {
        let other = self.label(label.text, alignment: label.textAlignment, on: screen)
        other.frame = label.frame
        defer { other.removeFromSuperview() }
        return other.drawingOverhang
    }

    @Test func followsTheTextTheAlignmentTheSizeAndTheTextScale() {
        let screen = Screen(size: Size(width: 400, height: 200))
        let label = label("Unbreakablewordwiderthanthelabel", on: screen)
        let wide = label.drawingOverhang
        #expect(wide.right > 20, "the word overflows to the right: \(wide)")
        label.text = "Hi"
        #expect(label.drawingOverhang == fresh(like: label, on: screen))
        #expect(label.drawingOverhang.right < wide.right)
        label.text = "Unbreakablewordwiderthanthelabel"
        #expect(label.drawingOverhang == wide)
        label.textAlignment = .right
        #expect(label.drawingOverhang == fresh(like: label, on: screen))
        #expect(label.drawingOverhang.left > 20, "right-aligned, the word overflows to the left")
        label.frame = Rect(x: 40, y: 40, width: 200, height: 20)
        #expect(label.drawingOverhang == fresh(like: label, on: screen))
        screen.environment.textScale = 2
        #expect(label.drawingOverhang == fresh(like: label, on: screen))
        #expect(label.drawingOverhang.left > 20)
    }
}
