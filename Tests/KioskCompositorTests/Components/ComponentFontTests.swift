import Foundation
import KioskConfig
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// The fonts of the components that draw text of their own: a progress ring's percentage, an
/// avatar's username, a gauge's value and tick labels, a chart's axis labels and a list's empty
/// text. Each draws in the Comfortaa fixture when it names it, keeps today's look when nothing is
/// written, sizes itself by its text where it follows it, and repaints exactly when it changes.
struct ComponentFontTests {
    struct Case: CustomStringConvertible, Sendable {
        var description: String
        /// The widget, with `id: it`; `FONT` stands for the font property's value.
        var widget: String
        var property: String
        /// The documented default, written out: it must draw what leaving it out draws.
        var writtenDefault: String?
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
    ]

    /// The widget between two labels, so that a change of its size moves what is below it.
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
        let comfortaa = try Self.session(item.widget, font: "{family: Comfortaa, size: 16}").snapshot()
        let dejaVu = try Self.session(item.widget, font: "{family: DejaVu Sans, size: 16}").snapshot()
        #expect(comfortaa.difference(from: dejaVu).differingPixels > 40)
    }

    @Test(arguments: cases)
    func leavingTheFontOutKeepsTodaysLook(_ item: Case) throws {
        let omitted = try Self.session(item.widget, font: nil).snapshot()
        if let writtenDefault = item.writtenDefault {
            let written = try Self.session(item.widget, font: writtenDefault).snapshot()
            #expect(written.difference(from: omitted).isEmpty)
        }
        // Any font written is used: a size none of the defaults has draws something else.
        let other = try Self.session(item.widget, font: "{size: 15, weight: bold}").snapshot()
        #expect(other.difference(from: omitted).differingPixels > 40)
    }

    @Test(arguments: cases)
    func aFontChangedWhileShownRepaintsExactlyWhatAFullRepaintShows(_ item: Case) throws {
        let session = try Self.session(item.widget, font: nil)
        let node = try #require(session.host.node(forWidget: "it"))
        let fonts: [FontValue] = [.custom(Font(size: 30, weight: .bold, family: "Comfortaa")), .style(.caption2),
                                  .custom(Font(size: 9)), .style(.largeTitle)]
        for font in fonts {
            session.host.reconciler.set(item.property, to: .font(font), on: node)
            try session.renderUntilIdle()
            let partial = try #require(session.display.output.frontSurface)
            let comparison = partial.difference(from: session.display.compositor.renderFullFrame())
            #expect(comparison.differingPixels == 0,
                    "\(item) in \(font): \(comparison.differingPixels) pixels differ in \(comparison.differingBounds)")
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
