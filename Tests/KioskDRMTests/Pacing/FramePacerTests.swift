import Testing
import KioskDRM

struct FramePacerTests {
    let interval = 1.0 / 60

    @Test func theFirstFrameStartsWhenRequested() {
        let pacer = FramePacer(refreshInterval: interval)
        #expect(pacer.nextFrameStart(requestedAt: 5) == 5)
        #expect(pacer.predictedPresentationTime(forFrameStartingAt: 5) == 5)
    }

    @Test func flipsThatCompleteAtOnceArePacedAtTheRefreshRate() {
        // A virtual GPU: every flip completes 0.2 ms after the frame started.
        var pacer = FramePacer(refreshInterval: interval)
        var now = 10.0
        var starts: [Double] = []
        for _ in 0..<120 {
            now = pacer.nextFrameStart(requestedAt: now)
            starts.append(now)
            pacer.flipCompleted(at: now + 0.0002)
        }
        let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
        // The second frame starts as soon as the first is on screen, like after a real vblank;
        // from then on, one frame per refresh interval however early the flips complete.
        #expect(abs(gaps[0] - 0.0002) < 1e-9)
        #expect(gaps.dropFirst().allSatisfy { abs($0 - interval) < 1e-9 })
        #expect(gaps.count == 119)
    }

    @Test func flipsAtRealVblanksAreFollowedAsTheyCome() {
        var pacer = FramePacer(refreshInterval: interval)
        let vblanks = (1...5).map { 2.0 + Double($0) * interval }
        for vblank in vblanks {
            #expect(pacer.flipCompleted(at: vblank) == vblank)
            #expect(pacer.nextFrameStart(requestedAt: vblank + 0.0001) == vblank + 0.0001)
        }
    }

    @Test func aVblankSlightlyEarlierThanPredictedIsTakenAsItIs() {
        // Hardware timestamps jitter by microseconds; pacing must follow the display, not drift.
        var pacer = FramePacer(refreshInterval: interval)
        pacer.flipCompleted(at: 1)
        let early = 1 + interval - 0.00002
        #expect(pacer.flipCompleted(at: early) == early)
    }

    @Test func anEarlyFlipCountsAsShownOneIntervalAfterThePrevious() {
        var pacer = FramePacer(refreshInterval: interval)
        pacer.flipCompleted(at: 1)
        #expect(pacer.flipCompleted(at: 1.001) == 1 + interval)
        #expect(pacer.nextFrameStart(requestedAt: 1.002) == 1 + interval)
        #expect(abs(pacer.predictedPresentationTime(forFrameStartingAt: 1 + interval) - (1 + 2 * interval)) < 1e-12)
    }

    @Test func aLateFlipResynchronises() {
        var pacer = FramePacer(refreshInterval: interval)
        pacer.flipCompleted(at: 1)
        #expect(pacer.flipCompleted(at: 1.1) == 1.1)
        #expect(pacer.nextFrameStart(requestedAt: 1.1) == 1.1)
    }

    @Test func afterIdleAFrameStartsAtOnce() {
        var pacer = FramePacer(refreshInterval: interval)
        pacer.flipCompleted(at: 1)
        #expect(pacer.nextFrameStart(requestedAt: 30) == 30)
        #expect(pacer.predictedPresentationTime(forFrameStartingAt: 30) == 30)
    }

    @Test func resetForgetsTheHistory() {
        var pacer = FramePacer(refreshInterval: interval)
        pacer.flipCompleted(at: 1)
        pacer.reset()
        #expect(pacer.lastPresentationTime == nil)
        #expect(pacer.nextFrameStart(requestedAt: 0.5) == 0.5)
    }
}
