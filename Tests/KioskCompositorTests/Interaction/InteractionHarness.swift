import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// A panel with one of every control at fixed places, driven headless.
@MainActor
final class ControlPanel {
    static let size = Size(width: 800, height: 600)

    let root = View()
    let card = TappableCard(title: "Tap me", subtitle: "Press and release")
    let marked = MarkedSlider(minimum: 0, maximum: 10, step: 1, value: 3)
    let slider = Slider(minimum: 0, maximum: 1, value: 0.25)
    let ring = ProgressView(value: 0.25)
    let toggle = Switch()
    let avatar = AvatarView(userID: "u-42", username: "ana")
    let field = TextField(placeholder: "Email", icon: .envelope)
    let notes = TextView(text: "Hello world")
    let save = Button(title: "Save")
    var cardTaps = 0
    var saveTaps = 0

    init() {
        root.backgroundColor = .systemBackground
        place(card, "card", Rect(x: 20, y: 20, width: 300, height: 120))
        place(marked, "marked", Rect(x: 20, y: 160, width: 300, height: 44))
        place(slider, "slider", Rect(x: 20, y: 220, width: 300, height: 44))
        place(ring, "ring", Rect(x: 360, y: 160, width: 120, height: 120))
        place(toggle, "switch", Rect(x: 360, y: 20, width: 51, height: 31))
        place(avatar, "avatar", Rect(x: 520, y: 20, width: 80, height: 100))
        place(field, "field", Rect(x: 20, y: 280, width: 300, height: 44))
        place(notes, "notes", Rect(x: 520, y: 160, width: 240, height: 120))
        place(save, "save", Rect(x: 360, y: 290, width: 100, height: 44))
        marked.accessibilityLabel = "Level"
        slider.accessibilityLabel = "Volume"
        slider.accessibilityHint = "Sets the ring"
        toggle.accessibilityLabel = "Wi-Fi"
        notes.accessibilityLabel = "Notes"
        ring.accessibilityLabel = "Progress"
        ring.isAccessibilityElement = true
        slider.addAction(for: .valueChanged) { [unowned self] _ in self.ring.value = self.slider.value }
        card.addAction(for: .primaryAction) { [unowned self] _ in self.cardTaps += 1 }
        save.addAction(for: .primaryAction) { [unowned self] _ in self.saveTaps += 1 }
    }

    private func place(_ view: View, _ id: String, _ frame: Rect) {
        view.id = id
        view.frame = frame
        root.addSubview(view)
    }

    func makeDriver(environment: Environment = Environment()) throws -> HeadlessDriver {
        let driver = HeadlessDriver(size: Self.size, environment: environment, rootView: root)
        try driver.settle()
        return driver
    }
}

@MainActor
enum FrameChecks {
    /// Every pixel of the last frame's damage lies near one of `views` (their frames before any
    /// transform, widened by `margin` for shadows and antialiasing).
    static func damageIsConfined(_ driver: HeadlessDriver, to views: [View], margin: Double = 16,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        var allowed = Region()
        for view in views {
            let frame = view.frame.insetBy(dx: -margin, dy: -margin)
            let onScreen = view.superview?.transformToScreen.apply(to: frame) ?? frame
            allowed.add(PixelRect(covering: onScreen))
        }
        var outside = driver.lastDamage
        outside.subtract(allowed)
        #expect(!driver.lastDamage.isEmpty, "the interaction produced no damage", sourceLocation: sourceLocation)
        #expect(outside.isEmpty, "damage outside the changed components: \(outside)", sourceLocation: sourceLocation)
    }

    /// The presented frame equals a full repaint. Returns the number of differing pixels (for the
    /// report) — antialiased edges at fractional positions are a known open problem, so the
    /// count is recorded in the failure message rather than hidden.
    @discardableResult
    static func partialEqualsFull(_ driver: HeadlessDriver, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        guard let front = driver.display.output.frontSurface else {
            Issue.record("no frame presented", sourceLocation: sourceLocation)
            return -1
        }
        let full = driver.compositor.renderFullFrame()
        let comparison = front.difference(from: full)
        #expect(comparison.differingPixels == 0,
                "partial repaint differs from a full repaint in \(comparison.differingPixels) pixels (largest \(comparison.largestDifference)) within \(comparison.differingBounds)",
                sourceLocation: sourceLocation)
        return comparison.differingPixels
    }

    static func pixel(_ driver: HeadlessDriver, at point: Point) -> RGBA {
        let surface = driver.display.output.frontSurface ?? driver.compositor.renderFullFrame()
        let value = surface.pixel(x: Int(point.x), y: Int(point.y))
        return RGBA(red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
                    blue: Double(value & 0xFF) / 255)
    }

    static func isClose(_ a: RGBA, _ b: RGBA, within tolerance: Double = 0.06) -> Bool {
        abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance && abs(a.blue - b.blue) <= tolerance
    }
}
