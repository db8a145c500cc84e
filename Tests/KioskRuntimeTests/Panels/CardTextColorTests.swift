import KioskGraphics
import KioskUI
import Testing
@testable import KioskRuntime

/// Card text is readable on its background in the current appearance: white or black by WCAG
/// contrast unless `title_color` / `subtitle_color` say otherwise.
@MainActor
struct CardTextColorTests {
    static let config = """
        start: home
        display: {size: [400, 500]}
        theme: {appearance: dark}
        panels:
          home:
            root:
              type: stack
              children:
                - {type: card, id: yellow, title: Readable title, subtitle: And its subtitle, background: system_yellow, size: [300, 110]}
                - {type: card, id: indigo, title: Readable title, subtitle: And its subtitle, background: system_indigo, size: [300, 110]}
                - {type: tappable_card, id: chosen, title: Readable title, subtitle: And its subtitle, background: system_yellow,
                   title_color: system_red, subtitle_color: "#0000FF", size: [300, 110]}
        """

    static let white = RGBA(hex: 0xFFFFFF), black = RGBA(hex: 0x000000)

    /// The band the title is drawn in: 20 below the card's top, inside its side insets.
    static func titleBand(of frame: PixelRect) -> PixelRect {
        PixelRect(x: frame.x + 16, y: frame.y + 20, width: frame.width - 32, height: 24)
    }

    static func subtitleBand(of frame: PixelRect) -> PixelRect {
        PixelRect(x: frame.x + 16, y: frame.y + 50, width: frame.width - 32, height: 24)
    }

    @Test func aLightCardInDarkModeGetsDarkText() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let card = try #require(kiosk.session.display.screen.view(withID: "yellow") as? CardView)
        let environment = card.environment
        #expect(environment.resolve(card.titleLabel.textColor) == Self.black)
        #expect(environment.resolve(card.subtitleLabel.textColor) == RGBA(hex: 0x000000, alpha: 0.8))
        let picture = try kiosk.picture()
        let band = Self.titleBand(of: kiosk.frame(of: "yellow"))
        #expect(picture.count(near: Self.black, in: band) > 20, "the title is drawn dark")
        #expect(picture.count(near: Self.white, in: band) == 0, "and not white")
    }

    @Test func aDarkCardInDarkModeGetsWhiteText() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let card = try #require(kiosk.session.display.screen.view(withID: "indigo") as? CardView)
        #expect(card.environment.resolve(card.titleLabel.textColor) == Self.white)
        let picture = try kiosk.picture()
        let band = Self.titleBand(of: kiosk.frame(of: "indigo"))
        #expect(picture.count(near: Self.white, in: band) > 20)
        #expect(picture.count(near: Self.black, in: band) == 0)
    }

    @Test func explicitColoursWin() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let picture = try kiosk.picture()
        let frame = kiosk.frame(of: "chosen")
        #expect(picture.count(near: RGBA(hex: 0xFF453A), in: Self.titleBand(of: frame), tolerance: 24) > 20, "dark system_red title")
        #expect(picture.count(near: Self.black, in: Self.titleBand(of: frame)) == 0)
        #expect(picture.count(near: RGBA(hex: 0x0000FF), in: Self.subtitleBand(of: frame), tolerance: 24) > 10, "blue subtitle")
    }

    @Test func theTextFollowsTheAppearanceAndTheBackground() throws {
        let card = CardView(title: "T", background: Color(.systemYellow))
        let screen = Screen(size: Size(width: 300, height: 200))
        screen.rootView.addSubview(card)
        #expect(card.environment.resolve(card.titleLabel.textColor) == Self.black)
        card.backgroundColor = Color(.systemIndigo)
        #expect(card.environment.resolve(card.titleLabel.textColor) == Self.white)
        // A fill of its own per appearance: pale in light mode, near black in dark mode.
        card.backgroundColor = Color(light: RGBA(hex: 0xF2F2F7), dark: RGBA(hex: 0x1C1C1E))
        #expect(card.environment.resolve(card.titleLabel.textColor) == Self.black)
        screen.environment.appearance = .dark
        #expect(card.environment.resolve(card.titleLabel.textColor) == Self.white)
    }
}
