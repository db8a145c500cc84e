import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskRuntime

@Suite struct RuntimeFrameLoopTests {
    @Test func theFirstFrameIsRenderedAndThenNothingStaysArmed() throws {
        let fixture = try RuntimeFrameFixture()
        #expect(fixture.frames.isFrameScheduled)
        #expect(fixture.run { fixture.frames.framesPresented == 1 })
        #expect(fixture.frames.isFlipPending)
        #expect(fixture.loop.armedTimerCount == 0)

        fixture.completeFlip()
        #expect(fixture.frames.flipsCompleted == 1)
        // Idle: no frame timer, no timer at all, so epoll_wait would block without a timeout.
        #expect(!fixture.frames.isFrameScheduled)
        #expect(fixture.loop.armedTimerCount == 0)
        #expect(fixture.display.presentCount == 1)
    }

    @Test func aChangeDuringAFlipWaitsForTheFlipToComplete() throws {
        let fixture = try RuntimeFrameFixture()
        #expect(fixture.run { fixture.frames.framesPresented == 1 })
        fixture.root.backgroundColor = Color(hex: 0xCC3300)
        // One flip in flight: nothing is scheduled and nothing is rendered yet.
        #expect(!fixture.frames.isFrameScheduled)
        #expect(fixture.loop.armedTimerCount == 0)

        fixture.completeFlip()
        #expect(fixture.frames.isFrameScheduled)
        #expect(fixture.run { fixture.frames.framesPresented == 2 })
        #expect(fixture.display.presentCount == 2)
        fixture.completeFlip()
        #expect(fixture.loop.armedTimerCount == 0)
    }

    @Test func anAnimationIsPacedAtTheRefreshRateWhenFlipsCompleteAtOnce() throws {
        let interval = 0.01
        // On the virtual loop: the pacing is the frame loop's decision, not the machine's speed.
        let fixture = FrameFixture(refreshInterval: interval, loop: VirtualLoop(start: 100))
        var presentationTimes: [Double] = []
        var starts: [(at: Double, earliest: Double)] = []
        fixture.compositor.addFrameObserver { time in
            // A frame may not start before the previous one counts as shown.
            starts.append((fixture.loop.now, fixture.frames.pacer.lastPresentationTime ?? -Double.infinity))
            presentationTimes.append(time)
            if presentationTimes.count <= 8 {
                fixture.root.backgroundColor = Color(hex: UInt32(0x101010 * presentationTimes.count))
            }
        }
        let finished = fixture.run(until: {
            if fixture.display.pendingIndex != nil {
                fixture.completeFlip()     // a GPU without vblank: the flip is done immediately
            }
            return fixture.frames.framesPresented == 8 && !fixture.frames.isFlipPending && !fixture.frames.isFrameScheduled
        }, maxWakeups: 1000)
        #expect(finished)
        // The ninth paint found the animation over: nothing changed, nothing was presented.
        #expect(presentationTimes.count == 9)
        #expect(fixture.frames.emptyFrames == 1)
        // From the second frame on, frames are one refresh interval apart, not as fast as the CPU allows.
        for index in 2..<presentationTimes.count {
            #expect(abs(presentationTimes[index] - presentationTimes[index - 1] - interval) < 1e-9)
        }
        for start in starts { #expect(start.at >= start.earliest) }
        // The animation ended: idle again.
        #expect(fixture.loop.armedTimerCount == 0)
    }

    @Test func changesMadeJustBeforeTheFrameAreInItWithoutAnotherFrame() throws {
        let fixture = try RuntimeFrameFixture()
        #expect(fixture.run { fixture.frames.framesPresented == 1 })
        fixture.completeFlip()
        var batches = 0
        fixture.frames.beforeFrame = {
            // Input read at the start of the frame changes the view.
            batches += 1
            fixture.root.alpha = 0.5
        }
        fixture.root.backgroundColor = Color(hex: 0x112233)
        #expect(fixture.run { fixture.frames.framesPresented == 2 })
        fixture.completeFlip()
        fixture.frames.beforeFrame = nil
        #expect(batches == 1)
        #expect(fixture.loop.armedTimerCount == 0)
        #expect(fixture.frames.emptyFrames == 0)
        #expect(fixture.display.presentCount == 2)
    }

    @Test func detachingStopsRenderingUntilAttachedAgain() throws {
        let fixture = try RuntimeFrameFixture()
        #expect(fixture.run { fixture.frames.framesPresented == 1 })
        fixture.completeFlip()
        fixture.frames.detach()
        fixture.root.backgroundColor = Color(hex: 0x00FF00)
        #expect(!fixture.frames.isFrameScheduled)
        #expect(fixture.loop.armedTimerCount == 0)

        fixture.compositor.repaintEverything()
        fixture.frames.attach(fixture.compositor, refreshInterval: 0.01)
        #expect(fixture.run { fixture.frames.framesPresented == 2 })
    }

    @Test func pausedForASessionSwitchNothingRendersAndTheReturnShowsTheChanges() throws {
        let fixture = try RuntimeFrameFixture()
        #expect(fixture.run { fixture.frames.framesPresented == 1 })
        // Switched away with a flip in flight: it is forgotten, and the loop stays healthy.
        fixture.frames.pause()
        #expect(fixture.frames.isHealthy(now: fixture.loop.now + 10))
        fixture.display.completeFlip()
        fixture.root.backgroundColor = Color(hex: 0x00FF00)
        #expect(!fixture.frames.isFrameScheduled)
        #expect(fixture.loop.armedTimerCount == 0)
        #expect(fixture.display.presentCount == 1)

        // Back: the compositor is the same, the whole screen is repainted with the change.
        fixture.compositor.repaintEverything()
        fixture.frames.resume()
        #expect(fixture.frames.compositor === fixture.compositor)
        #expect(fixture.run { fixture.frames.framesPresented == 2 })
        #expect(fixture.display.presentCount == 2)
        #expect(fixture.display.surfaces[1].pixel(x: 0, y: 0) == fixture.display.surfaces[1].pixel(x: 63, y: 47))
        #expect(fixture.display.surfaces[1].pixel(x: 0, y: 0) & 0xFFFFFF == 0x00FF00)
    }

    @Test func aFlipThatNeverCompletesMakesTheLoopUnhealthy() throws {
        let fixture = try RuntimeFrameFixture()
        #expect(fixture.frames.isHealthy(now: fixture.loop.now))
        #expect(fixture.run { fixture.frames.framesPresented == 1 })
        let now = fixture.loop.now
        #expect(fixture.frames.isHealthy(now: now, flipTimeout: 2))
        #expect(!fixture.frames.isHealthy(now: now + 2.5, flipTimeout: 2))
        fixture.completeFlip()
        #expect(fixture.frames.isHealthy(now: now + 2.5, flipTimeout: 2))
    }

    @Test func aFrameThatShowsNothingButAsksForTheNextOneGetsIt() throws {
        // A panel transition's first step moves nothing yet and asks for another frame: the frame
        // loop must not take the request for a display without a free buffer.
        let fixture = FrameFixture(loop: VirtualLoop())
        #expect(fixture.run { fixture.frames.framesPresented == 1 })
        fixture.completeFlip()
        var steps = 0
        fixture.compositor.addFrameObserver { _ in
            steps += 1
            if steps == 1 {
                fixture.compositor.screen.requestFrame()
            } else if steps == 2 {
                fixture.root.backgroundColor = Color(hex: 0x00FF00)
            }
        }
        fixture.compositor.screen.requestFrame()
        #expect(fixture.run { fixture.frames.framesPresented == 2 })
        #expect(steps == 2)
        #expect(fixture.frames.emptyFrames == 1)
        fixture.completeFlip()
        #expect(fixture.run { fixture.loop.armedTimerCount == 0 && !fixture.frames.isFlipPending })
    }
}
