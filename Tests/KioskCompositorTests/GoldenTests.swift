import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// Components and the reference dashboard rendered headless, in light and dark.
struct GoldenTests {
    private func render(_ view: View, size: Size, appearance: Appearance, textScale: Double = 1) throws -> Surface {
        let root = View()
        root.backgroundColor = Color(.secondarySystemBackground)
        view.frame = Rect(x: 20, y: 20, width: size.width - 40, height: size.height - 40)
        root.addSubview(view)
        let display = HeadlessDisplay(size: size, environment: Environment(appearance: appearance, textScale: textScale),
                                      rootView: root)
        return try display.snapshot()
    }

    @Test(arguments: Appearance.allCases)
    func card(appearance: Appearance) throws {
        let card = CardView(title: "Daily report", subtitle: "Updated five minutes ago")
        let surface = try render(card, size: Size(width: 320, height: 180), appearance: appearance)
        try GoldenImage.assertMatches(surface, named: "card-\(appearance.rawValue)")
    }

    @Test(arguments: Appearance.allCases)
    func progress(appearance: Appearance) throws {
        let ring = ProgressView(value: 0.42)
        let surface = try render(ring, size: Size(width: 200, height: 200), appearance: appearance)
        // The arc starts at 12 o'clock and runs clockwise: the right side is green, the left grey.
        let green = SemanticColor.systemGreen.resolved(for: appearance)
        let right = surface.pixel(x: 100 + 75, y: 100), left = surface.pixel(x: 100 - 75, y: 100)
        #expect(right == 0xFF00_0000 | UInt32(green.red * 255 + 0.5) << 16 | UInt32(green.green * 255 + 0.5) << 8 | UInt32(green.blue * 255 + 0.5))
        #expect(left != right)
        try GoldenImage.assertMatches(surface, named: "progress-\(appearance.rawValue)")
    }

    @Test(arguments: Appearance.allCases)
    func dashboard(appearance: Appearance) throws {
        let display = HeadlessDisplay(size: ReferenceDashboard.size, environment: Environment(appearance: appearance),
                                      rootView: ReferenceDashboard().root)
        try GoldenImage.assertMatches(try display.snapshot(), named: "dashboard-\(appearance.rawValue)")
    }

    @Test(arguments: Appearance.allCases)
    func gallery(appearance: Appearance) throws {
        let display = HeadlessDisplay(size: ComponentGallery.size, environment: Environment(appearance: appearance),
                                      rootView: ComponentGallery().root)
        try GoldenImage.assertMatches(try display.snapshot(), named: "gallery-\(appearance.rawValue)")
    }
}
