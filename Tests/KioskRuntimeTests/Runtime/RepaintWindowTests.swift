import Testing
@testable import KioskRuntime

/// The repaint window grows to fit the slowest recent paints, so a frame started late in the
/// interval still makes the refresh it was meant for.
struct RepaintWindowTests {
    let interval = 1.0 / 60

    @Test func withoutPaintTimesItIsTheDisplaysOwn() {
        #expect(RepaintWindow().length(minimum: 0.001, interval: interval) == 0.001)
    }

    @Test func itFollowsTheNinetyNinthPercentileWithAMargin() {
        var window = RepaintWindow()
        for _ in 0..<98 { window.record(paintTime: 0.002) }
        window.record(paintTime: 0.004)
        window.record(paintTime: 0.005)
        // 100 samples: the 99th percentile is the slowest but one.
        #expect(window.slowPaintTime == 0.005)
        #expect(abs(window.length(minimum: 0.001, interval: interval) - (0.005 + RepaintWindow.margin)) < 1e-12)
        // Quick paints never shrink it below the display's window.
        var quick = RepaintWindow()
        quick.record(paintTime: 0.00001)
        #expect(quick.length(minimum: 0.003, interval: interval) == 0.003)
    }

    @Test func aSlowPaintTakesAtMostMostOfTheIntervalAndOldTimesAreForgotten() {
        var window = RepaintWindow()
        window.record(paintTime: 0.5)
        #expect(window.length(minimum: 0.001, interval: interval) == interval * RepaintWindow.largestShare)
        for _ in 0..<RepaintWindow.history { window.record(paintTime: 0.002) }
        #expect(window.slowPaintTime == 0.002, "the slow paint left the history")
        window.record(paintTime: .nan)
        window.record(paintTime: -1)
        #expect(window.slowPaintTime == 0.002, "impossible times are not recorded")
    }
}
