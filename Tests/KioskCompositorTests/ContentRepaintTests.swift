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
        #expect(partial.difference(from: full).isEmpty)
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
        #expect(partial.difference(from: full).isEmpty)
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
        #expect(partial.difference(from: full).isEmpty)
    }

    /// A border's stroke lies inside the bounds, yet its antialiasing tints the pixel beyond the
    /// right and bottom edges: a bordered avatar that shrinks must leave no trace of it.
    @Test func aBorderedViewThatShrinksLeavesNoTraceOfItsBorder() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        root.backgroundColor = .white
        let avatar = AvatarView(userID: "ana", username: "Energía de hoy")
        avatar.imageView.symbol = .magnifyingglass
        avatar.border = Border(width: 2.27, color: .secondaryLabel)
        avatar.backgroundColor = Color(.systemOrange)
        avatar.clipsToBounds = true
        avatar.padding = EdgeInsets(top: 17, left: 5, bottom: 17, right: 5)
        root.addSubview(avatar)
        let display = HeadlessDisplay(size: Size(width: 800, height: 480), rootView: root)
        avatar.frame = Rect(x: 499, y: 20, width: 281, height: 281)
        try display.renderUntilIdle()
        avatar.frame = Rect(x: 499, y: 147, width: 281, height: 30)
        try display.renderUntilIdle()
        let partial = try #require(display.output.frontSurface)
        #expect(partial.difference(from: display.compositor.renderFullFrame()).isEmpty)
    }

    /// A border on a view too small to hold it (the config's `keyboard` widget takes no space
    /// unless padded) must not draw outside the view, where no damage reaches.
    @Test func aBorderOnATinyViewStaysInsideIt() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = .white
        var tiny: [View] = []
        for (index, size) in [Size(width: 0, height: 0), Size(width: 8, height: 0), Size(width: 8, height: 8),
                              Size(width: 3, height: 40)].enumerated() {
            let view = View(frame: Rect(origin: Point(x: 10 + Double(index) * 20, y: 50), size: size))
            view.cornerRadius = 37.89
            view.border = Border(width: 5.46, color: .systemRed)
            root.addSubview(view)
            tiny.append(view)
        }
        let display = HeadlessDisplay(size: Size(width: 100, height: 100), rootView: root)
        try display.renderUntilIdle()

        for view in tiny { view.border = Border(width: 1, color: .systemGray4) }
        try display.renderUntilIdle()
        let partial = try #require(display.output.frontSurface)
        #expect(partial.difference(from: display.compositor.renderFullFrame()).isEmpty)
    }

    /// A component laid out smaller than what it draws (a config's `max_size` or `size`: a slider
    /// shorter than its thumb, a switch smaller than its capsule, a ring smaller than its
    /// percentage) still draws all of it, centred where it belongs: a change must repaint where it
    /// overflows the bounds, shadow included, or the old picture stays on screen.
    @Test(arguments: ["slider 8 high", "slider 1 high", "slider 10 wide", "slider padded past its thumb",
                      "marked slider 1 high", "marked slider 10 wide", "switch 20 × 5",
                      "ring 20 wide", "ring thinner than its line", "text field 1 high", "text field 20 wide"])
    func aComponentSmallerThanItsDrawingRepaintsWhereItOverflows(_ control: String) throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 120))
        root.backgroundColor = .white
        let view: View, change: () -> Void
        switch control {
        case "slider 8 high", "slider 1 high", "slider 10 wide":
            let slider = Slider(value: 0.2)
            slider.frame = switch control {
            case "slider 8 high": Rect(x: 40, y: 56, width: 300, height: 8)
            case "slider 1 high": Rect(x: 40, y: 60, width: 300, height: 1)
            default: Rect(x: 40, y: 38, width: 10, height: 44)
            }
            (view, change) = (slider, { slider.value = 0.8 })
        case "slider padded past its thumb":
            // Padding moves the track inside a frame that stays: the thumb's reach changes with it.
            let slider = Slider(value: 0.2)
            slider.frame = Rect(x: 40, y: 20, width: 300, height: 44)
            (view, change) = (slider, { slider.padding = EdgeInsets(top: 40, left: 0, bottom: 0, right: 0) })
        case "marked slider 1 high", "marked slider 10 wide":
            let slider = MarkedSlider(minimum: 0, maximum: 5, step: 1, value: 1)
            slider.frame = control == "marked slider 1 high" ? Rect(x: 40, y: 60, width: 300, height: 1)
                                                             : Rect(x: 40, y: 38, width: 10, height: 44)
            (view, change) = (slider, { slider.value = 4 })
        case "ring 20 wide", "ring thinner than its line":
            let ring = ProgressView(value: 0.3)
            if control == "ring 20 wide" {
                ring.frame = Rect(x: 100, y: 50, width: 20, height: 20)
            } else {
                ring.showsPercentage = false
                ring.lineWidth = 30
                ring.frame = Rect(x: 100, y: 58, width: 4, height: 4)
            }
            // A step short enough to be damaged in part: the arc's end and the percentage.
            (view, change) = (ring, { ring.value = 0.5 })
        case "text field 1 high", "text field 20 wide":
            let field = TextField(placeholder: "Name", icon: .envelope)
            field.frame = control == "text field 1 high" ? Rect(x: 40, y: 60, width: 300, height: 1)
                                                         : Rect(x: 40, y: 38, width: 20, height: 44)
            // The frame moves: what was drawn past the old one must go too.
            (view, change) = (field, { field.frame.origin.y += 20 })
        default:
            let toggle = Switch(isOn: false)
            toggle.frame = Rect(x: 40, y: 58, width: 20, height: 5)
            (view, change) = (toggle, { toggle.isOn = true })
        }
        root.addSubview(view)
        let display = HeadlessDisplay(size: root.frame.size, rootView: root)
        try display.renderUntilIdle()

        change()
        #expect(try display.renderUntilIdle() == 1)
        let partial = try #require(display.output.frontSurface)
        let difference = partial.difference(from: display.compositor.renderFullFrame())
        #expect(difference.isEmpty, "\(difference.differingPixels) pixels differ in \(difference.differingBounds)")
    }
}
