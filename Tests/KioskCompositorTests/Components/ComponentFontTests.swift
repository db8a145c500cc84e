import Foundation
import KioskConfig
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// The fonts of the components that draw text of their own: a progress ring's percentage, an
/// avatar's username, a gauge's value, tick labels and caption, a chart's axis labels, a list's
/// empty text, the on-screen keyboard's keys and an alert's title, message and buttons. Each draws
/// in the Comfortaa fixture when it names it, keeps today's look when nothing is written, sizes
/// itself by its text where it follows it, and repaints exactly when it changes.
struct ComponentFontTests {
    struct Case: CustomStringConvertible, Sendable {
        var description: String
        /// The widget, with `id: it`; `FONT` stands for the font property's value.
        var widget: String
        var property: String
        /// The documented default, written out: it must draw what leaving it out draws.
        var writtenDefault: String?
        /// Tapped once the panel is shown, to bring up what draws the text (a field for the
        /// keyboard, a button for an alert).
        var opening: String? = nil
        /// The font is a property of widget `it`, which `set` can change while it is shown; an
        /// alert's fonts are part of the action that opens it.
        var isWidgetProperty = true
    }

    /// A button whose alert has `FONT` as `property`.
    nonisolated static func alertCase(_ description: String, property: String, writtenDefault: String) -> Case {
        Case(description: description,
             widget: "{type: button, id: open, title: Open, on_tap: {alert: {title: Boiler, message: The pressure is low., "
                + "buttons: [Later, Refill], \(property): FONT}}}",
             property: property, writtenDefault: writtenDefault, opening: "open", isWidgetProperty: false)
    }

    nonisolated static let cases = [
        Case(description: "progress percentage", widget: "{type: progress, id: it, value: 0.42, size: [64, 64], font: FONT}",
             property: "font", writtenDefault: nil),
        Case(description: "avatar username", widget: "{type: avatar, id: it, username: Ana Lucía Fernández, font: FONT}",
             property: "font", writtenDefault: "caption1"),
        Case(description: "gauge value", widget: "{type: gauge, id: it, value: 72, unit: \" °C\", size: [220, 200], font: FONT}",
             property: "font", writtenDefault: nil),
        Case(description: "gauge scale", widget: "{type: gauge, id: it, value: 72, max: 1200, size: [220, 200], scale_font: FONT}",
             property: "scale_font", writtenDefault: nil),
        Case(description: "chart axis",
             widget: "{type: chart, id: it, values: [3, 9, 4, 12], x_labels: [Mon, Tue, Wed], size: [300, 160], axis_font: FONT}",
             property: "axis_font", writtenDefault: "caption2"),
        Case(description: "list empty text",
             widget: "{type: list, id: it, row: {type: label, text: Row}, empty_text: Nothing waiting, size: [300, 100], empty_font: FONT}",
             property: "empty_font", writtenDefault: "body"),
        Case(description: "gauge caption",
             widget: "{type: gauge, id: it, value: 72, label: Boiler temperature, size: [220, 200], label_font: FONT}",
             property: "label_font", writtenDefault: nil),
        Case(description: "keyboard keys",
             widget: "{type: stack, children: [{type: text_field, id: field, placeholder: Name}, {type: keyboard, id: it, font: FONT}]}",
             property: "font", writtenDefault: nil, opening: "field"),
        alertCase("alert title", property: "title_font", writtenDefault: "headline"),
        alertCase("alert message", property: "message_font", writtenDefault: "body"),
        alertCase("alert buttons", property: "button_font", writtenDefault: "body"),
    ]

    nonisolated static let widgetPropertyCases = cases.filter(\.isWidgetProperty)
    nonisolated static let alertCases = cases.filter { !$0.isWidgetProperty }

    /// The widget between two labels, so that a change of its size moves what is below it.
    static func session(_ item: Case, font: String?) throws -> HeadlessPanelSession {
        let session = try session(item.widget, font: font)
        if let opening = item.opening {
            try session.driver.tap(id: opening)
            try session.renderUntilIdle()
        }
        return session
    }

    static func session(_ widget: String, font: String?) throws -> HeadlessPanelSession {
        let written = font.map { widget.replacingOccurrences(of: "FONT", with: $0) }
            ?? widget.replacingOccurrences(of: #", [a-z_]+: FONT"#, with: "", options: .regularExpression)
        let yaml = """
            display: {size: [320, 320]}
            theme: {fonts: [\(CustomFontTests.fontDirectory)]}
            panels:
              home:
                children:
                  - {type: label, text: Above}
                  - \(written)
                  - {type: label, text: Below}
            """
        let session = HeadlessPanelSession(config: try ConfigLoader().load(text: yaml).get(), configPath: "/tmp/fonts.yaml")
        try session.renderUntilIdle()
        return session
    }

    static func view<Kind: View>(_ kind: Kind.Type, in session: HeadlessPanelSession) throws -> Kind {
        try #require(session.host.screen.view(withID: "it") as? Kind)
    }

    @Test(arguments: cases)
    func aFamilyFromTheFixturesIsTheOneDrawn(_ item: Case) throws {
        let comfortaa = try Self.session(item, font: "{family: Comfortaa, size: 16}").snapshot()
        let dejaVu = try Self.session(item, font: "{family: DejaVu Sans, size: 16}").snapshot()
        #expect(comfortaa.difference(from: dejaVu).differingPixels > 40)
    }

    @Test(arguments: cases)
    func leavingTheFontOutKeepsTodaysLook(_ item: Case) throws {
        let omitted = try Self.session(item, font: nil).snapshot()
        if let writtenDefault = item.writtenDefault {
            let written = try Self.session(item, font: writtenDefault).snapshot()
            #expect(written.difference(from: omitted).isEmpty)
        }
        // Any font written is used: a size none of the defaults has draws something else.
        let other = try Self.session(item, font: "{size: 15, weight: bold}").snapshot()
        #expect(other.difference(from: omitted).differingPixels > 40)
    }

    static let changedFonts: [FontValue] = [.custom(Font(size: 30, weight: .bold, family: "Comfortaa")), .style(.caption2),
                                            .custom(Font(size: 9)), .style(.largeTitle)]

    static func expectPartialRepaintIsFull(_ session: HeadlessPanelSession, _ what: String) throws {
        let partial = try #require(session.display.output.frontSurface)
        let comparison = partial.difference(from: session.display.compositor.renderFullFrame())
        #expect(comparison.differingPixels == 0, "\(what): \(comparison.differingPixels) pixels differ in \(comparison.differingBounds)")
    }

    @Test(arguments: widgetPropertyCases)
    func aFontChangedWhileShownRepaintsExactlyWhatAFullRepaintShows(_ item: Case) throws {
        let session = try Self.session(item, font: nil)
        let node = try #require(session.host.node(forWidget: "it"))
        for font in Self.changedFonts {
            session.host.reconciler.set(item.property, to: .font(font), on: node)
            try session.renderUntilIdle()
            try Self.expectPartialRepaintIsFull(session, "\(item) in \(font)")
        }
    }

    /// An alert's fonts come with the action that opens it; the alert itself takes new ones
    /// while shown as any view does.
    @Test(arguments: alertCases)
    func anAlertFontChangedWhileShownRepaintsExactlyWhatAFullRepaintShows(_ item: Case) throws {
        let session = try Self.session(item, font: nil)
        let alert = try #require(session.display.screen.layerHost?.subviews.lazy.compactMap { $0 as? Alert }.first)
        for font in Self.changedFonts {
            switch item.property {
            case "title_font": alert.titleFont = font
            case "message_font": alert.messageFont = font
            default: alert.buttonFont = font
            }
            try session.renderUntilIdle()
            try Self.expectPartialRepaintIsFull(session, "\(item) in \(font)")
        }
    }

    // MARK: Sizes

    @Test func anAvatarGrowsWithItsUsernameFont() throws {
        func frame(_ font: String) throws -> Rect {
            try Self.view(AvatarView.self, in: Self.session(Self.cases[1].widget, font: font)).frame
        }
        let small = try frame("{size: 12}"), large = try frame("{size: 24}")
        #expect(large.height > small.height + 8)
        // The name is wider than the 64-point picture: the avatar is as wide as the name.
        #expect(large.width > small.width + 40)
        #expect(small.width > 64)

        // A font set while the avatar is shown sizes it as one written in the config does.
        let session = try Self.session(Self.cases[1].widget, font: "{size: 12}")
        session.host.reconciler.set("font", to: .font(.custom(Font(size: 24))), on: try #require(session.host.node(forWidget: "it")))
        try session.renderUntilIdle()
        #expect(try Self.view(AvatarView.self, in: session).frame == large)
    }

    @Test func aChartGivesItsAxisTheRoomALargerFontNeeds() throws {
        func plot(_ font: String?) throws -> Rect {
            try Self.view(ChartView.self, in: Self.session(Self.cases[4].widget, font: font)).plotRect
        }
        let standard = try plot(nil), large = try plot("{size: 22}")
        #expect(large.minX > standard.minX, "the tick labels are wider")
        #expect(large.minY > standard.minY, "half a line above the top tick")
        #expect(large.maxY < standard.maxY, "the x labels' row is taller")
    }

    @Test func aProgressPercentageLargerThanItsRingIsDrawnBeyondIt() throws {
        let widget = "{type: progress, id: it, value: 0.42, size: [40, 40], font: FONT}"
        func overhang(_ font: String) throws -> EdgeInsets {
            try Self.view(ProgressView.self, in: Self.session(widget, font: font)).drawingOverhang
        }
        let small = try overhang("{size: 8}"), large = try overhang("{size: 30}")
        #expect(large.left > small.left + 10 && large.right > small.right + 10)
    }

    @Test func aGaugeCaptionWiderThanTheGaugeIsDrawnBeyondIt() throws {
        let widget = "{type: gauge, id: it, value: 72, label: Boiler temperature, size: [120, 110], label_font: FONT}"
        func overhang(_ font: String) throws -> EdgeInsets {
            try Self.view(GaugeView.self, in: Self.session(widget, font: font)).drawingOverhang
        }
        #expect(try overhang("{size: 9}") == .zero, "a caption inside the gauge leaves its damage at its bounds")
        let large = try overhang("{size: 24}")
        #expect(large.left > 40 && large.right > 40)
    }

    @Test func anAlertIsAsTallAsItsFontsNeed() throws {
        func card(_ item: Case, _ font: String?) throws -> (card: Rect, button: Rect) {
            let session = try Self.session(item, font: font)
            let alert = try #require(session.display.screen.layerHost?.subviews.lazy.compactMap { $0 as? Alert }.first)
            return (alert.card.frame, try #require(alert.buttons.first).frame)
        }
        let title = Self.alertCases[0], button = Self.alertCases[2]
        let standard = try card(title, nil)
        #expect(standard.button.height == 44)
        #expect(try card(title, "{size: 30}").card.height > standard.card.height + 10)
        // A 30-point title does not fit a 44-point row: the row grows with the buttons' font.
        let large = try card(button, "{size: 30}")
        #expect(large.button.height > 44 && large.card.height == standard.card.height + large.button.height - 44)
        #expect(try card(button, "{size: 12}").button.height == 44)
    }

    // MARK: Checking

    @Test(arguments: cases)
    func aFamilyThatIsNotThereIsACheckErrorNamingTheFamiliesThatAre(_ item: Case) throws {
        let yaml = """
            theme: {fonts: [\(CustomFontTests.fontDirectory)]}
            panels:
              home:
                children:
                  - \(item.widget.replacingOccurrences(of: "FONT", with: "{family: Comforta, size: 14}"))
            """
        guard case .failure(let errors) = ConfigLoader().load(text: yaml) else {
            Issue.record("\(item): a missing family was accepted")
            return
        }
        #expect(errors.description.contains("no font family 'Comforta'"))
        #expect(errors.description.contains("Comfortaa") && errors.description.contains("DejaVu Sans"))
    }
}
