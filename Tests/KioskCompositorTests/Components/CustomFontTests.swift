import Foundation
import KioskConfig
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import Testing

/// `theme.fonts`: a font shipped in Tests/Fixtures/Fonts (Comfortaa, SIL OFL 1.1, from Debian's
/// fonts-comfortaa) is loaded for the kiosk alone and draws the texts that name it: a label's, a
/// button's title, a card's title and subtitle.
struct CustomFontTests {
    static let fontDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Fonts").path

    static func config(fonts: String, family: String) -> String {
        """
        display: {size: [320, 200]}
        theme: {fonts: [\(fonts)]}
        panels:
          home:
            children:
              - {type: label, id: big, text: "Quiet kiosk 0123", font: {family: \(family), weight: regular, size: 30}}
              - {type: button, id: go, title: "Go on", font: {family: \(family), size: 20}, size: [160, 44]}
              - type: card
                title: Lights
                subtitle: Living room
                font: {family: \(family), weight: bold, size: 20}
                subtitle_font: {family: \(family), size: 14}
                size: [200, 76]
        """
    }

    @Test func aFontFromTheFixturesRendersInLabelsButtonsAndCards() throws {
        let spec = try ConfigLoader().load(text: Self.config(fonts: Self.fontDirectory, family: "Comfortaa")).get()
        #expect(FontLibrary.hasFamily("Comfortaa"))
        let session = HeadlessPanelSession(config: spec, configPath: "/tmp/fonts.yaml")
        let picture = try session.snapshot()
        try GoldenImage.assertMatches(picture, named: "custom-font-comfortaa")
        // The same texts in the default family look different: the font was used, not a fallback.
        let fallback = try ConfigLoader().load(text: Self.config(fonts: Self.fontDirectory, family: "DejaVu Sans")).get()
        let plain = try HeadlessPanelSession(config: fallback, configPath: "/tmp/fonts.yaml").snapshot()
        #expect(picture.difference(from: plain).differingPixels > 500)
    }

    @Test func aTextFieldDrawsInItsFontAndGrowsForIt() throws {
        func field(_ family: String, size: Double) throws -> (picture: Surface, height: Double) {
            let yaml = """
                display: {size: [320, 120]}
                theme: {fonts: [\(Self.fontDirectory)]}
                panels:
                  home:
                    children:
                      - {type: text_field, id: plate, text: "AB 123", font: {family: \(family), size: \(size)}}
                """
            let session = HeadlessPanelSession(config: try ConfigLoader().load(text: yaml).get(), configPath: "/tmp/fonts.yaml")
            let picture = try session.snapshot()
            return (picture, try #require(session.host.screen.view(withID: "plate")).frame.height)
        }
        let comfortaa = try field("Comfortaa", size: 17), dejaVu = try field("DejaVu Sans", size: 17)
        #expect(comfortaa.picture.difference(from: dejaVu.picture).differingPixels > 50)
        #expect(comfortaa.height == 44)
        // A line of 34 pt does not fit the standard box: the box grows rather than clip it.
        #expect(try field("Comfortaa", size: 34).height > 44)
    }

    @Test func aMissingFamilyFailsTheCheckNamingTheFamiliesAvailable() throws {
        let errors = try #require(failure(of: Self.config(fonts: Self.fontDirectory, family: "Comforta")))
        let message = errors.description
        #expect(message.contains("no font family 'Comforta'"))
        #expect(message.contains("Comfortaa") && message.contains("DejaVu Sans"))
        #expect(message.contains("7:"), "placed at the family: \(message)")
    }

    @Test func aFontPathThatIsNoFontIsAnError() throws {
        let errors = try #require(failure(of: Self.config(fonts: "/nonexistent/fonts", family: "DejaVu Sans")))
        #expect(errors.description.contains("cannot load fonts from /nonexistent/fonts"))
        let license = Self.fontDirectory + "/Comfortaa-OFL.txt"
        let notAFont = try #require(failure(of: Self.config(fonts: license, family: "DejaVu Sans")))
        #expect(notAFont.description.contains("not a font"))
    }

    /// fontconfig opens every file of a font directory: a device there is named, not read.
    @Test func aFontDirectoryHoldingADeviceIsAnError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-fonts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Self.fontDirectory + "/Comfortaa-Regular.ttf", toPath: directory + "/Comfortaa-Regular.ttf")
        try FileManager.default.createSymbolicLink(atPath: directory + "/Zero.ttf", withDestinationPath: "/dev/zero")
        let errors = try #require(failure(of: Self.config(fonts: directory, family: "DejaVu Sans")))
        #expect(errors.description.contains("cannot load fonts from \(directory): \(directory)/Zero.ttf is a character device, "
                                            + "which fontconfig would open as a font"), "\(errors.description)")
    }

    private func failure(of yaml: String) -> ConfigErrors? {
        if case .failure(let errors) = ConfigLoader().load(text: yaml) { return errors }
        return nil
    }
}
