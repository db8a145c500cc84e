import KioskGraphics
import KioskUI
import Testing
@testable import KioskRuntime

/// Tracks and ticks stay visible: at least 3:1 (WCAG non-text contrast) against the system
/// background, in light and dark mode.
@MainActor
struct TrackContrastTests {
    static let minimumContrast = 3.0

    /// The default colours of every track and of the marked slider's ticks not yet passed.
    static let trackColors: [(String, Color)] = [
        ("slider track", Slider().maximumTrackColor),
        ("marked slider track and ticks", MarkedSlider().inactiveColor),
        ("switch off track", Switch.offTrackColor),
        ("progress track", ProgressView().trackColor),
    ]

    @Test(arguments: [Appearance.light, .dark])
    func defaultTracksContrastWithTheBackground(_ appearance: Appearance) {
        let environment = Environment(appearance: appearance)
        let background = environment.resolve(.systemBackground)
        for (name, color) in Self.trackColors {
            let seen = environment.resolve(color).composited(over: background)
            let ratio = seen.contrastRatio(with: background)
            #expect(ratio >= Self.minimumContrast, "\(name) in \(appearance): \(ratio):1")
        }
    }

    static let config = """
        start: home
        display: {size: [400, 300]}
        panels:
          home:
            root:
              type: stack
              children:
                - {type: slider, id: level, value: 0, size: [300, 44]}
                - {type: marked_slider, id: marks, max: 10, value: 0, size: [300, 44]}
        """

    /// What is drawn, sampled: the unfilled track and a tick far from the thumb.
    @Test(arguments: [Appearance.light, .dark])
    func drawnTracksAndTicksContrastWithTheBackground(_ appearance: Appearance) throws {
        let theme = appearance == .dark ? "theme: {appearance: dark}\n" : ""
        let kiosk = try PanelSessionFixture(theme + Self.config)
        let picture = try kiosk.picture()
        let background = Environment(appearance: appearance).resolve(.systemBackground)
        let level = kiosk.frame(of: "level")
        let track = picture.color(x: level.x + level.width * 3 / 4, y: level.y + level.height / 2)
        #expect(track.contrastRatio(with: background) >= Self.minimumContrast, "slider track \(track)")
        let marks = try #require(kiosk.session.display.screen.view(withID: "marks") as? MarkedSlider)
        let origin = kiosk.frame(of: "marks")
        // The tick for 8: above the track, so only the tick is sampled.
        let tickX = origin.x + Int(marks.position(for: 8))
        let tick = picture.color(x: tickX, y: origin.y + origin.height / 2 - 4)
        #expect(tick.contrastRatio(with: background) >= Self.minimumContrast, "tick \(tick)")
        let corner = picture.color(x: 2, y: 2)
        #expect(corner == background, "the panel's background is the system background")
    }
}
