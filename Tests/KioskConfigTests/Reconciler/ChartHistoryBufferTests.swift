import KioskConfig
import KioskUI
import Testing

/// `ChartHistory`: readings kept for `keep`, a few spare ones beyond, never more than a series holds.
@MainActor
struct ChartHistoryBufferTests {
    @Test func keepsTheReadingsOfItsSpanAndAFewSpareOnes() {
        var history = ChartHistory(keep: 60, every: 10)
        #expect(history.capacity == 7)
        for second in stride(from: 0, through: 60, by: 10) { history.record(Double(second), at: Double(second)) }
        #expect(history.values == [0, 10, 20, 30, 40, 50, 60], "a reading exactly a minute old stays")
        history.record(70, at: 70)
        #expect(history.values == [10, 20, 30, 40, 50, 60, 70])
        #expect(history.plotted.first == 0, "the reading that left the span is held as a spare")
        for second in stride(from: 80, through: 1000, by: 10) { history.record(Double(second), at: Double(second)) }
        #expect(history.plotted.count == 7 + ChartHistory.spare)
        #expect(history.values == [940, 950, 960, 970, 980, 990, 1000])
    }

    @Test func aLongPauseDropsWhatGrewOld() {
        var history = ChartHistory(keep: 60, every: 10)
        for second in stride(from: 0, through: 60, by: 10) { history.record(1, at: Double(second)) }
        history.record(2, at: 10_000)
        #expect(history.values == [2])
        #expect(history.plotted == [2])
    }

    @Test func valuesThatAreNotFiniteAreSkippedAndTheCountIsBounded() {
        var history = ChartHistory(keep: 1e9, every: 1)
        history.record(.nan, at: 0)
        history.record(.infinity, at: 1)
        #expect(history.plotted.isEmpty)
        #expect(history.capacity == ChartSeries.maximumCount)
        for second in 0..<(ChartSeries.maximumCount + 100) { history.record(Double(second), at: Double(second)) }
        #expect(history.plotted.count == ChartSeries.maximumCount)
    }
}
