import KioskUI
import Testing
@testable import KioskRuntime

@Suite struct IdleControllerTests {
    let settings = IdleSettings(dimAfter: 30, blankAfter: 120, returnToStartAfter: 60)

    @Test func dimsThenReturnsToStartThenBlanksAsTimePasses() {
        let idle = IdleController(settings: settings, now: 1000)
        #expect(idle.nextDeadline == 1030)
        #expect(idle.advance(to: 1029.9) == [])
        #expect(idle.advance(to: 1030) == [.dim])
        #expect(idle.state == .dimmed)
        #expect(idle.nextDeadline == 1060)
        #expect(idle.advance(to: 1060) == [.returnToStart])
        #expect(idle.nextDeadline == 1120)
        #expect(idle.advance(to: 1120) == [.blank])
        #expect(idle.state == .blanked)
        // Nothing left to do: the loop may sleep without a timeout.
        #expect(idle.nextDeadline == nil)
        #expect(idle.advance(to: 5000) == [])
    }

    @Test func activityPostponesEverything() {
        let idle = IdleController(settings: settings, now: 0)
        #expect(idle.noteActivity(at: 25) == [])
        #expect(idle.advance(to: 30) == [])
        #expect(idle.nextDeadline == 55)
    }

    @Test func longGapReportsOnlyTheFinalState() {
        let idle = IdleController(settings: settings, now: 0)
        #expect(idle.advance(to: 500) == [.blank, .returnToStart])
        #expect(idle.state == .blanked)
    }

    @Test func touchThatWakesABlankScreenPressesNothingUntilAllFingersLift() {
        let idle = IdleController(settings: settings, now: 0)
        _ = idle.advance(to: 200)
        #expect(idle.shouldSwallowTouch(id: 1, phase: .began, at: 200))
        #expect(idle.state == .active)
        #expect(idle.shouldSwallowTouch(id: 1, phase: .moved, at: 200.1))
        // A second finger joining the waking touch is swallowed too.
        #expect(idle.shouldSwallowTouch(id: 2, phase: .began, at: 200.2))
        #expect(idle.shouldSwallowTouch(id: 1, phase: .ended, at: 200.3))
        #expect(idle.isSwallowingTouch)
        #expect(idle.shouldSwallowTouch(id: 2, phase: .cancelled, at: 200.4))
        #expect(!idle.isSwallowingTouch)
        // The next touch is an ordinary one.
        #expect(!idle.shouldSwallowTouch(id: 3, phase: .began, at: 201))
        #expect(!idle.shouldSwallowTouch(id: 3, phase: .ended, at: 201.1))
        #expect(idle.nextDeadline == 231.1)
    }

    @Test func wakingReportsWhereItCameFrom() {
        let idle = IdleController(settings: settings, now: 0)
        _ = idle.advance(to: 40)
        #expect(idle.noteActivity(at: 41) == [.wake(from: .dimmed)])
        _ = idle.advance(to: 500)
        #expect(idle.noteActivity(at: 501) == [.wake(from: .blanked)])
        #expect(idle.noteActivity(at: 502) == [])
    }

    @Test func dimmedScreenTouchCanBeDeliveredWhenConfiguredSo() {
        var lenient = settings
        lenient.swallowTouchWakingDimmedScreen = false
        let idle = IdleController(settings: lenient, now: 0)
        _ = idle.advance(to: 40)
        #expect(!idle.shouldSwallowTouch(id: 1, phase: .began, at: 40))
        #expect(idle.state == .active)

        let strict = IdleController(settings: settings, now: 0)
        _ = strict.advance(to: 40)
        #expect(strict.shouldSwallowTouch(id: 1, phase: .began, at: 40))
    }

    @Test func returnToStartHappensOncePerIdlePeriod() {
        let idle = IdleController(settings: IdleSettings(returnToStartAfter: 10), now: 0)
        #expect(idle.advance(to: 10) == [.returnToStart])
        #expect(idle.nextDeadline == nil)
        #expect(idle.state == .active)
        idle.noteActivity(at: 15)
        #expect(idle.nextDeadline == 25)
    }

    @Test func dimIsSkippedWhenItWouldComeAfterBlanking() {
        let idle = IdleController(settings: IdleSettings(dimAfter: 100, blankAfter: 50), now: 0)
        #expect(idle.nextDeadline == 50)
        #expect(idle.advance(to: 100) == [.blank])
    }

    @Test func alwaysOnNeverWakesTheLoop() {
        let idle = IdleController(settings: .alwaysOn, now: 0)
        #expect(idle.nextDeadline == nil)
        #expect(idle.advance(to: 1e9) == [])
        #expect(!idle.shouldSwallowTouch(id: 0, phase: .began, at: 1e9))
    }

    @Test func reloadedSettingsApplyToTheTimeAlreadyIdle() {
        let idle = IdleController(settings: settings, now: 0)
        _ = idle.advance(to: 40)
        #expect(idle.update(settings: IdleSettings(dimAfter: 10, blankAfter: 20), at: 40) == [.blank])
        #expect(idle.update(settings: IdleSettings(dimAfter: 300), at: 41) == [.wake(from: .blanked)])
        #expect(idle.nextDeadline == 300)
    }
}
