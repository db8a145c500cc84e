import Foundation
import KioskConfig
import KioskGraphics
import KioskUI
import Testing
@testable import KioskRuntime

/// The headless session is the device's `PanelKiosk` on a memory display: one keyboard, one way in
/// for input, the control socket from the kiosk's setup.
@Suite struct HeadlessPanelSessionTests {
    static let config = """
    start: home
    display: {size: [400, 300]}
    panels:
      home:
        root:
          type: stack
          children:
            - {type: text_field, id: name, placeholder: Name}
    """

    @Test func typingGoesThroughTheKiosksOnlyKeyboard() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let session = kiosk.session
        #expect(session.driver.keyboard === session.kiosk.keyboard)
        #expect(session.driver.receiver === session.kiosk)
        try session.driver.tap(id: "name")
        let keyboards = session.display.screen.rootView.subtree.filter { $0 is OnScreenKeyboard }
        #expect(keyboards.count == 1 && keyboards.first === session.kiosk.keyboard)
        try session.driver.type("ok")
        let field = try #require(session.display.screen.view(withID: "name") as? TextField)
        #expect(field.text == "ok")
    }

    /// The keyboard is in no view tree until a field takes focus: a `keyboard` widget's settings
    /// reach it there, and it slides up with them.
    @Test func aKeyboardWidgetsSettingsReachTheKeyboardBeforeItSlidesUp() throws {
        let kiosk = try PanelSessionFixture(Self.config.replacingOccurrences(
            of: "placeholder: Name}", with: "placeholder: Name}\n        - {type: keyboard, layout: de, height: 200, font: title}"))
        let session = kiosk.session
        try session.renderUntilIdle()
        let keyboard = session.kiosk.keyboard
        #expect(!keyboard.isShown)
        #expect(keyboard.keyboardLayout.name == KeyboardLayout.forLocale("de").name)
        #expect(keyboard.height == 200 && keyboard.keyFont == .style(.title))
        try session.driver.tap(id: "name")
        try session.renderUntilIdle()
        #expect(keyboard.isShown && keyboard.frame.height == 200)
    }

    @Test func theControlSocketComesFromTheKiosksSetup() throws {
        let directory = TemporaryDirectory()
        let file = try ConfigFile(Self.config)
        let socketPath = directory.path + "/control.sock"
        let session = try HeadlessPanelSession.load(path: file.path, controlPath: .success(socketPath))
        #expect(session.kiosk.endpoint != nil)
        #expect(FileManager.default.fileExists(atPath: socketPath))
        session.kiosk.close()
        #expect(!FileManager.default.fileExists(atPath: socketPath))
    }

    @Test func emittedEventsGoWhereTheSessionSays() throws {
        let file = try ConfigFile(Self.config.replacingOccurrences(of: "  home:\n", with: "  home:\n    on_show: {emit: shown}\n"))
        var heard: [String] = []
        let session = try HeadlessPanelSession.load(path: file.path) { heard.append($0.name) }
        #expect(heard == ["shown"], "the start panel's on_show, while the session was made")
        #expect(session.host.emittedEvents.map(\.name) == ["shown"])
    }
}
