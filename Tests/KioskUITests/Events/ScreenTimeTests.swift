import KioskGraphics
import KioskPlatform
import KioskUI
import Testing

/// The screen's clock is its scheduler's: timers of gestures and of components run on it.
@MainActor
struct ScreenTimeTests {
    /// A view that blinks on a timer of its own, as docs/interaction.md shows.
    final class Blinker: View {
        var caretVisible = true
        var blink: TimerID?

        func start() throws {
            blink = try screen?.scheduler.addTimer(after: 0.5, repeating: 0.5) { [weak self] in
                self?.caretVisible.toggle()
            }
        }
    }

    @Test func aScreenWithoutASchedulerKeepsAVirtualLoopThatItsTimeMoves() throws {
        let blinker = Blinker()
        let screen = Screen(size: Size(width: 10, height: 10), rootView: blinker)
        #expect(screen.scheduler is VirtualLoop)
        try blinker.start()
        screen.currentTime = 0.4
        #expect(blinker.caretVisible)
        screen.currentTime = 0.5
        #expect(!blinker.caretVisible)
        screen.currentTime = 1.0
        #expect(blinker.caretVisible)
        screen.scheduler.cancelTimer(try #require(blinker.blink))
        screen.currentTime = 5
        #expect(blinker.caretVisible)
        #expect(screen.scheduler.armedTimerCount == 0)
    }

    @Test func theScreensTimersAreTimersOfTheSchedulerItIsGiven() throws {
        let loop = VirtualLoop(start: 100)
        let screen = Screen(size: Size(width: 10, height: 10), scheduler: loop)
        #expect(screen.currentTime == 100)
        var fired: [Double] = []
        let timer = screen.input.schedule(after: 0.25) { fired.append(loop.now) }
        #expect(timer != nil)
        #expect(screen.nextWakeUpTime == 100.25)
        #expect(loop.armedTimerCount == 1)
        loop.advance(by: 1)
        #expect(fired == [100.25])
        #expect(screen.nextWakeUpTime == nil)
        #expect(screen.currentTime == 101)

        let cancelled = screen.input.schedule(after: 0.25) { fired.append(loop.now) }
        screen.input.cancelTimer(try #require(cancelled))
        #expect(screen.nextWakeUpTime == nil)
        #expect(loop.armedTimerCount == 0)
    }
}
