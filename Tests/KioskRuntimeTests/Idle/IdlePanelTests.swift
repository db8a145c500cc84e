import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// `display.idle` on real panels, on the virtual clock.
struct IdlePanelTests {
    static let config = """
    display: {size: [400, 300], idle: {dim: 10s, blank: 20s, return_to_start: 30s}}
    start: home
    panels:
      home:
        root:
          type: stack
          children:
            - {type: button, id: more, title: More, size: [200, 60], on_tap: {goto: other}}
      other:
        root:
          type: stack
          children:
            - {type: button, id: press, title: Press, size: [200, 60], on_tap: {emit: pressed}}
    """

    /// Records what idle asks of the hardware; `hasBacklight: false` refuses every change.
    final class RecordingPower: ScreenPower {
        let hasBacklight: Bool
        var calls: [String] = []

        init(hasBacklight: Bool) { self.hasBacklight = hasBacklight }

        func setBacklight(fraction: Double) -> Bool {
            calls.append("backlight \(fraction)")
            return hasBacklight
        }

        func switchDisplayOff() { calls.append("display off") }
        func switchDisplayOn() { calls.append("display on") }

        /// What `observeBacklightLoss` was given: the test calls it as a late failure would.
        var lossHandlers: [() -> Void] = []
        func observeBacklightLoss(_ handler: @escaping () -> Void) { lossHandlers.append(handler) }
    }

    /// The session's own idle behaviour, on the virtual loop: its timer applies the deadlines.
    final class Kiosk {
        let session: HeadlessPanelSession
        var idle: IdleBehaviour { session.idle }

        init(power: ScreenPower? = nil) throws {
            let spec = try ConfigLoader().load(text: IdlePanelTests.config).get()
            session = HeadlessPanelSession(config: spec, configPath: "/tmp/idle.yaml", power: power)
            try session.renderUntilIdle()
        }

        var now: Double { session.display.loop.now }

        /// Seconds since the last input.
        var idleFor: Double { now - idle.controller.lastActivity }

        /// Moves the virtual clock; returns the frames presented meanwhile.
        func wait(_ seconds: Double) throws -> Int {
            try session.driver.advance(by: seconds)
        }

        /// A tap at the centre of `id`, through the idle logic as the runtime delivers it.
        func tap(_ id: String) throws {
            let point = try session.driver.center(of: id)
            for phase in [TouchPhase.began, .ended] {
                session.driver.deliver(.touch(TouchSample(id: 0, phase: phase, location: point, timestamp: now)))
                _ = try session.driver.advance(by: 0.05)
            }
            try session.renderUntilIdle()
        }
    }

    @Test func dimBlankAndReturnToStartHappenOnTime() throws {
        let kiosk = try Kiosk()
        try kiosk.tap("more")
        #expect(kiosk.session.host.currentPanelID == "other")
        _ = try kiosk.wait(9.9 - kiosk.idleFor)
        #expect(kiosk.idle.state == .active)
        _ = try kiosk.wait(0.2)
        #expect(kiosk.idle.state == .dimmed)
        let dimmed = try kiosk.session.snapshot().pixel(x: 5, y: 5)
        #expect(dimmed != 0xFFFF_FFFF && dimmed != 0xFF00_0000)
        _ = try kiosk.wait(19.9 - kiosk.idleFor)
        #expect(kiosk.idle.state == .dimmed)
        _ = try kiosk.wait(0.2)
        #expect(kiosk.idle.state == .blanked)
        #expect(try kiosk.session.snapshot().pixel(x: 200, y: 150) == 0xFF00_0000)
        _ = try kiosk.wait(29.9 - kiosk.idleFor)
        #expect(kiosk.session.host.currentPanelID == "other")
        _ = try kiosk.wait(0.2)
        #expect(kiosk.session.host.currentPanelID == "home")
    }

    @Test func dimmingDarkensEveryPixelByTheDimLevelAndBlankingPaintsItBlack() throws {
        let kiosk = try Kiosk()
        let awake = try kiosk.session.snapshot()
        _ = try kiosk.wait(10.1)
        #expect(kiosk.idle.state == .dimmed)
        let dimmed = try kiosk.session.snapshot()
        let level = kiosk.idle.controller.settings.dimmedBrightness
        var worst = 0.0
        for y in 0..<awake.height {
            for x in 0..<awake.width {
                let before = awake.pixel(x: x, y: y), after = dimmed.pixel(x: x, y: y)
                for shift: UInt32 in [0, 8, 16] {
                    let expected = Double((before >> shift) & 0xFF) * level
                    worst = max(worst, abs(Double((after >> shift) & 0xFF) - expected))
                }
            }
        }
        #expect(worst <= 1, "every channel at \(level) of its awake value, to rounding")
        _ = try kiosk.wait(10)
        #expect(kiosk.idle.state == .blanked)
        let blank = try kiosk.session.snapshot()
        #expect((0..<blank.height).allSatisfy { y in (0..<blank.width).allSatisfy { x in blank.pixel(x: x, y: y) & 0xFF_FFFF == 0 } })
    }

    @Test func aReloadedConfigsIdleAppliesToTheSession() throws {
        let kiosk = try Kiosk()
        _ = try kiosk.wait(5)
        let shorter = IdlePanelTests.config.replacingOccurrences(of: "dim: 10s, blank: 20s", with: "dim: 3s, blank: 20s")
        kiosk.session.host.reload(try ConfigLoader().load(text: shorter).get())
        #expect(kiosk.idle.state == .dimmed, "idle 5 s already, past the new 3 s")
        #expect(kiosk.idle.controller.settings.dimAfter == 3)
    }

    @Test func whileBlankNoFramesAreMade() throws {
        let kiosk = try Kiosk()
        _ = try kiosk.wait(31)
        #expect(kiosk.idle.state == .blanked)
        #expect(try kiosk.wait(60) == 0)
    }

    @Test func theWakingTouchPressesNothing() throws {
        let kiosk = try Kiosk()
        try kiosk.tap("more")
        _ = try kiosk.wait(21)
        #expect(kiosk.idle.state == .blanked)
        try kiosk.tap("press")                       // wakes the screen only
        #expect(kiosk.idle.state == .active)
        #expect(!kiosk.session.host.emittedEvents.contains { $0.name == "pressed" })
        try kiosk.tap("press")                       // now it presses
        #expect(kiosk.session.host.emittedEvents.contains { $0.name == "pressed" })
    }

    @Test func aBacklightDimsInsteadOfTheOverlayAndBlankingSwitchesTheDisplayOff() throws {
        let power = RecordingPower(hasBacklight: true)
        let kiosk = try Kiosk(power: power)
        let awake = try kiosk.session.snapshot()
        _ = try kiosk.wait(10.1)
        #expect(kiosk.idle.state == .dimmed)
        #expect(power.calls == ["backlight 0.2"])
        // The backlight dims: the picture itself is unchanged, so no frame was needed.
        #expect(try kiosk.session.snapshot().difference(from: awake).isEmpty)
        _ = try kiosk.wait(10)
        #expect(kiosk.idle.state == .blanked)
        #expect(power.calls == ["backlight 0.2", "backlight 0.0", "display off"])
        #expect(try kiosk.session.snapshot().pixel(x: 200, y: 150) == 0xFF00_0000)

        try kiosk.tap("more")
        #expect(kiosk.idle.state == .active)
        #expect(power.calls.suffix(2) == ["display on", "backlight 1.0"])
        #expect(try kiosk.session.snapshot().difference(from: awake).isEmpty)
        #expect(kiosk.session.host.currentPanelID == "home")     // the waking tap pressed nothing
    }

    @Test func aBacklightThatRefusesFallsBackToTheOverlay() throws {
        let power = RecordingPower(hasBacklight: false)
        let kiosk = try Kiosk(power: power)
        _ = try kiosk.wait(10.1)
        #expect(power.calls == ["backlight 0.2"])
        let dimmed = try kiosk.session.snapshot().pixel(x: 5, y: 5)
        #expect(dimmed != 0xFFFF_FFFF && dimmed != 0xFF00_0000)
    }

    /// logind took the dim level, then failed (the backlight is set without waiting): the dim screen
    /// gets its overlay at once, and the backlight is not asked again.
    @Test func aBacklightThatFailsLaterFallsBackToTheOverlayAtOnce() throws {
        let power = RecordingPower(hasBacklight: true)
        let kiosk = try Kiosk(power: power)
        _ = try kiosk.wait(10.1)
        #expect(kiosk.idle.state == .dimmed)
        #expect(power.calls == ["backlight 0.2"])
        #expect(try kiosk.session.snapshot().pixel(x: 5, y: 5) == 0xFFFF_FFFF, "the backlight dims, not the overlay")
        try #require(power.lossHandlers.count == 1)
        power.lossHandlers[0]()
        try kiosk.session.renderUntilIdle()
        let dimmed = try kiosk.session.snapshot().pixel(x: 5, y: 5)
        #expect(dimmed != 0xFFFF_FFFF && dimmed != 0xFF00_0000)
        _ = try kiosk.wait(10)
        #expect(kiosk.idle.state == .blanked)
        #expect(power.calls == ["backlight 0.2", "display off"], "no backlight call after the loss")
    }

    @Test func reloadedIdleSettingsApplyToTheTimeAlreadyIdle() throws {
        let power = RecordingPower(hasBacklight: true)
        let kiosk = try Kiosk(power: power)
        _ = try kiosk.wait(5)
        kiosk.idle.update(IdleSettings(blankAfter: 4), at: kiosk.now)
        #expect(kiosk.idle.state == .blanked)
        #expect(power.calls == ["backlight 0.0", "display off"])
        kiosk.idle.update(IdleSettings(blankAfter: 60), at: kiosk.now)
        #expect(kiosk.idle.state == .active)
        #expect(power.calls.suffix(2) == ["display on", "backlight 1.0"])
    }

    @Test func inputThatReachesNoViewStillWakesTheScreen() throws {
        let power = RecordingPower(hasBacklight: true)
        let kiosk = try Kiosk(power: power)
        _ = try kiosk.wait(21)
        #expect(kiosk.idle.state == .blanked)
        kiosk.idle.noteActivity(at: kiosk.now)        // a Shift press: no key event, still a person
        #expect(kiosk.idle.state == .active)
        #expect(power.calls.suffix(2) == ["display on", "backlight 1.0"])
        #expect(kiosk.idle.nextDeadline == kiosk.now + 10)
    }
}
