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
