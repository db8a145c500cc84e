import Foundation
import Testing
import KioskConfig
import KioskExpression
@testable import KioskRuntime

/// The kiosk's own sources reach the formulas that read them: a file written on disk, and a
/// value pushed through the control socket, show on screen; before the first value, and after
/// a failure, `stale` says so.
@MainActor
struct SourceBindingTests {
    static let config = """
        sources:
          door: {file: door.json}
          notice: {push: {}}
        panels:
          home:
            root:
              type: stack
              children:
                - {type: label, id: door_state, text: "${default(door.state, '?')}", size: [200, 24]}
                - {type: label, id: door_stale, text: "${door.stale ? 'old' : 'fresh'}", size: [200, 24]}
                - {type: label, id: notice_text, text: "${default(notice.text, '')}", size: [200, 24]}
        """

    @Test func aFileSourceShowsOnScreenAndGoesStaleWhenDeleted() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        defer { kiosk.session.kiosk.close() }
        #expect(kiosk.label("door_stale") == "old")
        #expect(kiosk.label("door_state") == "?")
        let path = kiosk.directory + "/door.json"
        try #"{"state": "open"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        try kiosk.session.advance(by: 0.1)
        try kiosk.settle()
        #expect(kiosk.label("door_state") == "open")
        #expect(kiosk.label("door_stale") == "fresh")
        // `updated` is on the clock `now` reads: the virtual one here, when the settled file was read.
        let updated = try #require(kiosk.session.kiosk.sources.value(of: "door")?.updated)
        #expect(updated <= kiosk.host.live.now && updated > kiosk.host.live.now - 1)

        try FileManager.default.removeItem(atPath: path)
        try kiosk.session.advance(by: 0.1)
        try kiosk.settle()
        #expect(kiosk.label("door_stale") == "old")
        #expect(kiosk.label("door_state") == "open", "the last value stays")
    }

    @Test func aPushedValueShowsOnScreen() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        defer { kiosk.session.kiosk.close() }
        let handler = PanelControlHandler(host: kiosk.host, registry: .standard, configPath: kiosk.path,
                                          runtimeDirectory: NSTemporaryDirectory()) { try kiosk.session.snapshot() }
        handler.sources = kiosk.session.kiosk.sources
        #expect(handler.handle(.data(source: "notice", value: ["text": "Closed at 6"])) == .ok)
        try kiosk.settle()
        #expect(kiosk.label("notice_text") == "Closed at 6")
    }
}
