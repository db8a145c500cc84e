import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// Changes that move what a view draws inside bounds that stay the same must still repaint it:
/// the partial frame has to equal a full repaint.
struct ContentRepaintTests {
    /// A fixed-size symbol given padding draws smaller; its frame does not change, so only its own
    /// damage can bring the new picture to screen.
    @Test func paddingAFixedSizeImageRedrawsItsContent() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 120, height: 80))
        root.backgroundColor = .white
        let icon = ImageView(symbol: .gear, tint: .systemBlue)
        icon.frame = Rect(x: 20, y: 16, width: 48, height: 48)
        root.addSubview(icon)
        let display = HeadlessDisplay(size: Size(width: 120, height: 80), rootView: root)
        try display.renderUntilIdle()

        icon.padding = EdgeInsets(all: 16)
        #expect(try display.renderUntilIdle() == 1)
        let partial = try #require(display.output.frontSurface)
        let full = display.compositor.renderFullFrame()
        #expect(GoldenImage.compare(partial, full, tolerance: 0).differingPixels == 0)
    }

    /// Word wrapping does not break inside a word: one wider than the label is drawn past its
    /// right edge, and replacing it must repaint there too.
    @Test func aWordWiderThanItsLabelIsRepaintedWhereItOverflows() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 80))
        root.backgroundColor = .white
        let label = Label("Good evening", style: .title)
        label.frame = Rect(x: 10, y: 10, width: 40, height: 60)
        root.addSubview(label)
        let display = HeadlessDisplay(size: Size(width: 200, height: 80), rootView: root)
        try display.renderUntilIdle()

        label.text = "Good morning"
        try display.renderUntilIdle()
        let partial = try #require(display.output.frontSurface)
        let full = display.compositor.renderFullFrame()
        #expect(GoldenImage.compare(partial, full, tolerance: 0).differingPixels == 0)
        #expect(display.compositor.lastDamage.bounds.maxX > 50 + 20, "the damage reaches the overflowing word")
    }

    /// A control socket `set` of a text field's `icon_tint` must show.
    @Test func aTextFieldsIconTintRedrawsTheIcon() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 240, height: 80))
        root.backgroundColor = .white
        let field = TextField(placeholder: "Name", icon: .envelope)
        field.frame = Rect(x: 10, y: 10, width: 220, height: 48)
        root.addSubview(field)
        let display = HeadlessDisplay(size: Size(width: 240, height: 80), rootView: root)
        try display.renderUntilIdle()

        field.iconTint = .systemRed
        #expect(try display.renderUntilIdle() == 1)
        let partial = try #require(display.output.frontSurface)
        let full = display.compositor.renderFullFrame()
        #expect(GoldenImage.compare(partial, full, tolerance: 0).differingPixels == 0)
    }
}
