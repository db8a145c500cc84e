import Foundation
import KioskConfig
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// `kiosk ctl set` checks a value as `kiosk check` checks the same value in the config: the same
/// ranges, the same message with the expected type, and the same bool spellings.
@MainActor
struct ControlValueTests {
    static let config = """
        panels:
          home:
            children:
              - {type: label, id: status, text: Ready}
              - {type: progress, id: ring, value: 0.5}
              - {type: switch, id: lamp}
        """

    func handler(_ kiosk: PanelSessionFixture) -> PanelControlHandler {
        PanelControlHandler(host: kiosk.host, registry: .standard, configPath: kiosk.path,
                            runtimeDirectory: NSTemporaryDirectory()) { try kiosk.session.snapshot() }
    }

    /// What `kiosk check` says about `property: value` written into the status label's mapping.
    func checkMessage(_ property: String, _ value: String) throws -> String {
        let text = Self.config.replacingOccurrences(of: "text: Ready}", with: "text: Ready, \(property): \(value)}")
        guard case .failure(let errors) = ConfigLoader().load(text: text), let first = errors.errors.first else {
            Issue.record("the config loaded")
            return ""
        }
        return first.detail
    }

    @Test func aSizeBeyondTheLimitIsAnErrorWithTheCheckersMessage() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let reply = handler(kiosk).handle(.set(widget: "status", property: "size", value: .array([3_000_000_000, 10])))
        let message = try checkMessage("size", "[3000000000, 10]")
        #expect(message.contains("expected a size such as [800, 480] or 800x480, each side from 0 to 16384"))
        #expect(reply == .error(message))
        try kiosk.session.renderUntilIdle()
    }

    @Test func aNumberOutOfRangeNamesTheExpectedRange() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let reply = handler(kiosk).handle(.set(widget: "ring", property: "value", value: .number(1.5)))
        #expect(reply == .error("value out of range for 'value': expected a number from 0 to 1, found '1.5'"))
        #expect(kiosk.host.value(of: "value", widget: "ring") == .number(0.5))
        let lines = handler(kiosk).handle(.set(widget: "status", property: "lines", value: .number(3e9)))
        #expect(lines == .error(try checkMessage("lines", "3000000000")))
    }

    @Test func boolsTakeTheDocumentedSpellings() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let lamp = try #require(kiosk.session.display.screen.view(withID: "lamp") as? Control)
        #expect(handler(kiosk).handle(.set(widget: "lamp", property: "enabled", value: .string("no"))) == .ok)
        #expect(!lamp.isEnabled)
        #expect(handler(kiosk).handle(.set(widget: "lamp", property: "enabled", value: .string("Yes"))) == .ok)
        #expect(lamp.isEnabled)
        #expect(handler(kiosk).handle(.set(widget: "lamp", property: "on", value: .string("on"))) == .ok)
        #expect(kiosk.host.value(of: "on", widget: "lamp") == .bool(true))
        let wrong = handler(kiosk).handle(.set(widget: "lamp", property: "on", value: .string("maybe")))
        #expect(wrong == .error("invalid value for 'on': expected true or false (or yes/no, on/off), found 'maybe'"))
        // A text property takes the same word as text.
        #expect(handler(kiosk).handle(.set(widget: "status", property: "text", value: .string("yes"))) == .ok)
        #expect(kiosk.host.value(of: "text", widget: "status") == .text(.literal("yes")))
    }
}
