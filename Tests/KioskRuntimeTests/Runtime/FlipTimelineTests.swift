import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskRuntime

@Suite struct FlipTimelineTests {
    let interval = 1.0 / 60

    @Test func flipsThatWaitForAGridOfVblanksAreTrustedAfterThree() {
        let timeline = FlipTimeline(refreshInterval: interval)
        let origin = 50.0
        for index in 0..<3 {
            #expect(!timeline.predictsRefreshes(at: origin + Double(index) * interval))
            let vblank = origin + Double(index) * interval + 0.000_004 * Double(index % 2)   // jitter
            timeline.flipCompleted(at: vblank, submittedAt: vblank - 0.004)
        }
        let last = origin + 2 * interval
        #expect(timeline.predictsRefreshes(at: last + 0.001))
        #expect(abs(timeline.nextRefresh(after: last + 0.001) - (last + interval)) < 1e-9)
        #expect(abs(timeline.nextRefresh(after: last + 2.5 * interval) - (last + 3 * interval)) < 1e-9)
        // A refresh itself is not "after" it.
        #expect(abs(timeline.nextRefresh(after: last + interval) - (last + 2 * interval)) < 1e-9)
    }

    @Test func aMissedVblankStaysOnTheGrid() {
        let timeline = FlipTimeline(refreshInterval: interval)
        for vblank in [10.0, 10 + interval, 10 + 3 * interval, 10 + 4 * interval] {
            timeline.flipCompleted(at: vblank, submittedAt: vblank - 0.002)
        }
        #expect(timeline.predictsRefreshes(at: 10 + 4.2 * interval))
    }

    @Test func flipsThatCompleteAtOnceAreNeverTrusted() {
        // A virtual GPU: the flip is done as it is submitted, even when frames come a refresh apart.
        let timeline = FlipTimeline(refreshInterval: interval)
        for index in 0..<20 {
            let done = 5 + Double(index) * interval
            timeline.flipCompleted(at: done, submittedAt: done - 0.000_05)
        }
        #expect(!timeline.predictsRefreshes(at: 5 + 20 * interval))
        #expect(timeline.flipsOnGrid == 0)
    }

    @Test func aFlipOffTheGridOrALongIdleSpellMakesItLearnAgain() {
        let timeline = FlipTimeline(refreshInterval: interval)
        for index in 0..<4 {
            let vblank = Double(index) * interval
            timeline.flipCompleted(at: vblank, submittedAt: vblank - 0.003)
        }
        #expect(timeline.predictsRefreshes(at: 3.5 * interval))
        // Over two seconds later the nominal rate may have drifted from the display's: no prediction.
        #expect(!timeline.predictsRefreshes(at: 2.5 + 3 * interval))
        // A flip half an interval off the grid.
        timeline.flipCompleted(at: 4.5 * interval, submittedAt: 4.5 * interval - 0.003)
        #expect(!timeline.predictsRefreshes(at: 4.6 * interval))
        #expect(timeline.flipsOnGrid == 1)
        // A timestamp 1e12 s on, one that goes backwards, and a NaN submission time: none is on the grid.
        let relearning = FlipTimeline(refreshInterval: interval)
        for vblank in [0, interval, 2 * interval] { relearning.flipCompleted(at: vblank, submittedAt: vblank - 0.003) }
        relearning.flipCompleted(at: 1e12, submittedAt: 1e12 - 0.003)
        #expect(relearning.flipsOnGrid == 1 && !relearning.predictsRefreshes(at: 1e12 + 0.001))
        relearning.flipCompleted(at: 1e12 - 5 * interval, submittedAt: 1e12 - 5 * interval - 0.003)
        #expect(relearning.flipsOnGrid == 1)
        relearning.flipCompleted(at: 1e12 - 4 * interval, submittedAt: .nan)
        #expect(relearning.flipsOnGrid == 0)
        // Nonsense timestamps are ignored.
        timeline.flipCompleted(at: .nan, submittedAt: 0)
        timeline.flipCompleted(at: .infinity, submittedAt: 0)
        #expect(timeline.flipsOnGrid == 1)
        #expect(timeline.nextRefresh(after: .nan).isNaN)
    }

    /// A DRM display with a real vblank, simulated on the virtual clock: a submitted flip completes
    /// at the next vblank of a fixed grid.
    @Test func onADisplayWithVblanksFramesStartOneWindowBeforeTheRefresh() {
        let origin = 200.0
        let fixture = FrameFixture(refreshInterval: interval, loop: VirtualLoop(start: origin + 0.0001))
        let timeline = FlipTimeline(refreshInterval: interval)
        fixture.frames.attach(fixture.compositor, refreshInterval: interval, timeline: timeline)
        var frameStarts: [Double] = []
        var presentations: [Double] = []
        fixture.compositor.addFrameObserver { time in
            frameStarts.append(fixture.loop.now)
            presentations.append(time)
            if presentations.count <= 10 {
                fixture.root.backgroundColor = Color(hex: UInt32(0x0F0F0F * presentations.count))
            }
        }
        var pendingVblank: Double?
        let finished = fixture.run(until: {
            if fixture.display.pendingIndex != nil, pendingVblank == nil {
                let vblank = nextGridPoint(after: fixture.loop.now, origin: origin)
                pendingVblank = vblank
                do {
                    _ = try fixture.loop.addTimer(at: vblank) {
                        pendingVblank = nil
                        fixture.display.completeFlip()
                        fixture.frames.flipCompleted(at: vblank)
                    }
                } catch {
                    Issue.record("the simulated vblank could not be armed: \(error)")
                }
            }
            return presentations.count == 11 && !fixture.frames.isFlipPending && !fixture.frames.isFrameScheduled
        }, maxWakeups: 2000)
        #expect(finished)
        #expect(timeline.predictsRefreshes(at: fixture.loop.now))
        // Once three flips showed the grid, each frame starts one repaint window before the vblank
        // that shows it, and is evaluated for that vblank.
        for index in 4..<frameStarts.count {
            let refresh = nextGridPoint(after: frameStarts[index], origin: origin)
            #expect(abs(refresh - frameStarts[index] - timeline.repaintWindow) < 1e-6)
            #expect(abs(presentations[index] - refresh) < 1e-6)
        }
        // Before that, a frame started as soon as the previous flip completed, at a vblank.
        for index in 1..<3 {
            let offset = (frameStarts[index] - origin) / interval
            #expect(abs(offset - offset.rounded()) < 1e-6)
        }
    }

    private func nextGridPoint(after time: Double, origin: Double) -> Double {
        origin + (((time - origin) / interval) + 1e-6).rounded(.down) * interval + interval
    }
}
