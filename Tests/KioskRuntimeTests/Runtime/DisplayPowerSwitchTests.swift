import Testing
@testable import KioskRuntime

/// Idle blanking's DPMS step: the display goes off only once the black frame is on screen, and
/// stays on when input came first.
@Suite struct DisplayPowerSwitchTests {
    /// Records power-offs; `refuses` makes every one fail, as a driver without DPMS does.
    final class FakeDisplay: PowerSwitchedDisplay {
        var isPoweredOff = false
        var powerOffs = 0
        var refuses = false

        struct Refused: Error, CustomStringConvertible {
            var description: String { "DPMS not supported" }
        }

        func powerOff() throws {
            powerOffs += 1
            if refuses { throw Refused() }
            isPoweredOff = true
        }
    }

    static let settled = FrameActivity(isRendering: true, isFlipPending: false, isFrameScheduled: false, needsFrame: false)

    /// A switch, the display it acts on, and its log.
    final class Fixture {
        let log = LogCapture()
        let power: DisplayPowerSwitch
        let display = FakeDisplay()

        init() {
            power = DisplayPowerSwitch(logger: log.logger)
        }

        /// Blanking asks for the display off while the frame loop is still busy in the way `busy` says.
        func switchOff(while busy: WritableKeyPath<FrameActivity, Bool>) {
            var frames = DisplayPowerSwitchTests.settled
            frames[keyPath: busy] = true
            power.switchOffWhenSettled(display, frames: frames)
        }
    }

    @Test func settledMeansTheLastFrameIsOnScreen() {
        #expect(Self.settled.isSettled)
        var notRendering = Self.settled
        notRendering.isRendering = false
        var flipPending = Self.settled
        flipPending.isFlipPending = true
        var frameScheduled = Self.settled
        frameScheduled.isFrameScheduled = true
        var changed = Self.settled
        changed.needsFrame = true
        for activity in [notRendering, flipPending, frameScheduled, changed] {
            #expect(!activity.isSettled, "\(activity)")
        }
    }

    @Test func theDisplayGoesOffOnceTheBlackFrameIsShown() {
        let fixture = Fixture()
        let (log, power, display) = (fixture.log, fixture.power, fixture.display)
        // Blanking asked while the black frame is still being made and flipped.
        fixture.switchOff(while: \.isFlipPending)
        #expect(display.powerOffs == 0)
        power.framePresented(on: display, frames: Self.settled)
        #expect(display.isPoweredOff)
        #expect(log.lines == ["info: display off (idle)"])
        // Later frames do not switch it off twice.
        power.framePresented(on: display, frames: Self.settled)
        #expect(display.powerOffs == 1)
    }

    @Test func aSettledDisplayGoesOffAtOnce() {
        let power = DisplayPowerSwitch(logger: LogCapture().logger)
        let display = FakeDisplay()
        power.switchOffWhenSettled(display, frames: Self.settled)
        #expect(display.isPoweredOff)
    }

    @Test func inputBeforeTheFrameKeepsTheDisplayOn() {
        let fixture = Fixture()
        let (log, power, display) = (fixture.log, fixture.power, fixture.display)
        fixture.switchOff(while: \.isFrameScheduled)
        power.keepOn(display)
        power.framePresented(on: display, frames: Self.settled)
        #expect(display.powerOffs == 0)
        // It was never off, so there is nothing to say.
        #expect(log.lines.isEmpty)
    }

    @Test func wakingAnOffDisplaySaysTheNextFrameSwitchesItOn() {
        let log = LogCapture()
        let power = DisplayPowerSwitch(logger: log.logger)
        let display = FakeDisplay()
        power.switchOffWhenSettled(display, frames: Self.settled)
        power.keepOn(display)
        #expect(log.lines == ["info: display off (idle)", "info: display on: switched on by the next frame"])
        #expect(!power.keepsDisplayOff)
    }

    /// A frame made while blank (the repaint after a VT switch back) switches the display on; it
    /// goes off again once that frame is shown.
    @Test func aFrameWhileBlankIsFollowedBySwitchingOffAgain() {
        let power = DisplayPowerSwitch(logger: LogCapture().logger)
        let display = FakeDisplay()
        power.switchOffWhenSettled(display, frames: Self.settled)
        display.isPoweredOff = false
        power.framePresented(on: display, frames: Self.settled)
        #expect(display.powerOffs == 2)
        #expect(display.isPoweredOff)
    }

    @Test func aRefusedPowerOffIsReportedOnceAndNotRetried() {
        let log = LogCapture()
        let power = DisplayPowerSwitch(logger: log.logger)
        let display = FakeDisplay()
        display.refuses = true
        power.switchOffWhenSettled(display, frames: Self.settled)
        power.framePresented(on: display, frames: Self.settled)
        #expect(display.powerOffs == 1)
        #expect(log.lines == ["warning: could not switch the display off; it stays on showing black: DPMS not supported"])
    }

    @Test func withoutADisplayNothingHappens() {
        let log = LogCapture()
        let power = DisplayPowerSwitch(logger: log.logger)
        power.switchOffWhenSettled(nil, frames: Self.settled)
        power.keepOn(nil)
        #expect(log.lines.isEmpty)
    }

    /// The frame loop's state as the switch sees it: a frame is coming after attach, one is in
    /// flight once rendered, and all is settled when its flip completed.
    @Test func theFrameLoopSettlesAfterItsFlip() throws {
        let fixture = try RuntimeFrameFixture()
        #expect(FrameActivity(fixture.frames).isFrameScheduled)
        #expect(fixture.run(until: { fixture.frames.isFlipPending }))
        #expect(FrameActivity(fixture.frames) == FrameActivity(isRendering: true, isFlipPending: true,
                                                               isFrameScheduled: false, needsFrame: false))
        fixture.completeFlip()
        #expect(FrameActivity(fixture.frames).isSettled)
        fixture.frames.detach()
        #expect(!FrameActivity(fixture.frames).isRendering)
    }
}
