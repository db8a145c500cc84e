import KioskConfig
import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskRuntime

/// The `wake` and `sleep` actions, and `display.idle.antiburn`'s colour cycle, on the virtual clock.
struct ScreenActionTests {
    static let config = """
    display: {size: [200, 100], idle: {dim: 60s, blank: 120s, antiburn: 2s}}
    state: {motion: false}
    panels:
      home:
        timers:
          - {every: 1s, do: {if: {when: "= state.motion", then: [wake, {set: {state.motion: false}}]}}}
        children:
          - {type: button, id: off, title: "Off", size: [150, 40], on_tap: sleep}
    """

    final class Kiosk {
        let power = IdlePanelTests.RecordingPower(hasBacklight: true)
        let session: HeadlessPanelSession
        var idle: IdleBehaviour { session.idle }

        init() throws {
            let spec = try ConfigLoader().load(text: ScreenActionTests.config).get()
            session = HeadlessPanelSession(config: spec, configPath: "/tmp/screen-actions.yaml", power: power)
            try session.renderUntilIdle()
        }

        /// The colour of the middle of the screen now.
        func middle() throws -> UInt32 {
            try session.snapshot().pixel(x: 100, y: 50) & 0xFF_FFFF
        }
    }

    @Test func aSleepActionBlanksAndAnIfOnAStateVariableWakesTheScreen() throws {
        let kiosk = try Kiosk()
        try kiosk.session.driver.tap(id: "off")
        #expect(kiosk.idle.state == .blanked)
        try kiosk.session.advance(by: 3)
        #expect(kiosk.power.calls.suffix(2) == ["backlight 0.0", "display off"])
        // A motion sensor's value arrives (as a source or the control socket would set it).
        kiosk.session.host.live.setState("motion", .bool(true))
        try kiosk.session.advance(by: 1)
        #expect(kiosk.idle.state == .active)
        #expect(kiosk.power.calls.suffix(2) == ["display on", "backlight 1.0"])
        #expect(kiosk.session.host.live.state["motion"] == .bool(false))
    }

    @Test func theColourCycleRunsWhileBlankThenTheDisplayGoesOff() throws {
        let kiosk = try Kiosk()
        try kiosk.session.advance(by: 120.1)
        #expect(kiosk.idle.state == .blanked)
        #expect(try kiosk.middle() == 0xFF_0000)
        try kiosk.session.advance(by: 0.5)
        #expect(try kiosk.middle() == 0x00_FF00)
        try kiosk.session.advance(by: 0.5)
        #expect(try kiosk.middle() == 0x00_00FF)
        #expect(!kiosk.power.calls.contains("display off"), "the display stays on while the colours run")
        try kiosk.session.advance(by: 1.5)
        #expect(try kiosk.middle() == 0)
        #expect(kiosk.power.calls.last == "display off")
    }

    @Test func aTouchStopsTheColourCycle() throws {
        let kiosk = try Kiosk()
        try kiosk.session.advance(by: 120.6)
        #expect(try kiosk.middle() == 0x00_FF00)
        try kiosk.session.driver.tap(at: Point(x: 10, y: 90))
        #expect(kiosk.idle.state == .active)
        try kiosk.session.advance(by: 3)
        #expect(!kiosk.power.calls.contains("display off"))
        #expect(try kiosk.middle() != 0x00_FF00)
    }
}
