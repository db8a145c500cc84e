import KioskGraphics
import KioskUI
import Testing
@testable import KioskRuntime

/// `theme.accent` colours every control that has no colour of its own: slider fills, marked
/// sliders, the focused text field's ring and alert buttons.
@MainActor
struct ThemeAccentTests {
    static let orange = RGBA(hex: 0xFF9500), blue = RGBA(hex: 0x007AFF)

    static func config(accent: String?, extra: String = "") -> String {
        """
        start: home
        \(accent.map { "theme: {accent: \($0)}" } ?? "")
        panels:
          home:
        \(extra)
            root:
              type: stack
              children:
                - {type: text_field, id: name, placeholder: Name, size: [300, 44]}
                - {type: slider, id: level, value: 0.5, size: [300, 44]}
                - {type: marked_slider, id: marks, max: 10, value: 6, size: [300, 44]}
        """
    }

    /// The left half of a slider's middle rows: the filled track (and passed ticks).
    static func filledPart(of frame: PixelRect) -> PixelRect {
        PixelRect(x: frame.x, y: frame.y + frame.height / 2 - 6, width: frame.width / 2, height: 12)
    }

    @Test func slidersTakeTheAccent() throws {
        let kiosk = try PanelSessionFixture(Self.config(accent: "system_orange"))
        let picture = try kiosk.picture()
        for id in ["level", "marks"] {
            let filled = Self.filledPart(of: kiosk.frame(of: id))
            #expect(picture.count(near: Self.orange, in: filled) > 100, "\(id): filled track in the accent")
            #expect(picture.count(near: Self.blue, in: filled) == 0, "\(id): nothing left in the default blue")
        }
    }

    @Test func withoutAnAccentControlsStayBlue() throws {
        let kiosk = try PanelSessionFixture(Self.config(accent: nil))
        let picture = try kiosk.picture()
        let filled = Self.filledPart(of: kiosk.frame(of: "level"))
        #expect(picture.count(near: Self.blue, in: filled) > 100)
    }

    @Test func theFocusRingTakesTheAccent() throws {
        // Tall enough that the on-screen keyboard leaves the field where it is.
        let kiosk = try PanelSessionFixture(Self.config(accent: "system_orange"), size: Size(width: 400, height: 600))
        try kiosk.session.driver.tap(id: "name")
        try kiosk.session.renderUntilIdle()
        let frame = kiosk.frame(of: "name")
        let topEdge = PixelRect(x: frame.x + 20, y: frame.y, width: frame.width - 40, height: 2)
        let picture = try kiosk.picture()
        #expect(picture.count(near: Self.orange, in: topEdge) >= frame.width - 40, "the ring's top edge is orange")
        #expect(picture.count(near: Self.blue, in: frame) == 0)
    }

    @Test func alertButtonsTakeTheAccent() throws {
        let alert = "    on_show: {alert: {title: Keep it?, buttons: [{title: Keep}, {title: Drop}]}}"
        let kiosk = try PanelSessionFixture(Self.config(accent: "system_orange", extra: alert))
        let picture = try kiosk.picture()
        for title in ["Keep", "Drop"] {
            let frame = kiosk.frame(of: "alert.\(title)")
            #expect(picture.count(near: Self.orange, in: frame, tolerance: 24) > 10, "\(title): its title in the accent")
            #expect(picture.count(near: Self.blue, in: frame, tolerance: 24) == 0, "\(title)")
        }
    }

    @Test func aReloadedAccentRepaintsTheControls() throws {
        let kiosk = try PanelSessionFixture(Self.config(accent: nil))
        try kiosk.edit(Self.config(accent: "system_orange"))
        let picture = try kiosk.picture()
        let filled = Self.filledPart(of: kiosk.frame(of: "level"))
        #expect(picture.count(near: Self.orange, in: filled) > 100)
    }
}
