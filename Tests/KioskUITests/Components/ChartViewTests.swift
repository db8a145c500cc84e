@testable import KioskUI
import KioskGraphics
import Testing

@MainActor
struct ChartViewTests {
    @Test func anAutomaticRangeWidensToWholeNiceSteps() {
        let scale = ChartScale(minimum: nil, maximum: nil, data: (min: 18.5, max: 24.1))
        #expect(scale.step == 2)
        #expect(scale.lower == 18)
        #expect(scale.upper == 26)
        #expect(scale.ticks == [18, 20, 22, 24, 26])
    }

    @Test func aFixedRangeIsKeptAndAFlatSeriesGetsRoom() {
        #expect(ChartScale(minimum: 0, maximum: 100, data: (min: 3, max: 4)).ticks == [0, 25, 50, 75, 100])
        let flat = ChartScale(minimum: nil, maximum: nil, data: (min: 5, max: 5))
        #expect(flat.lower < 5 && flat.upper > 5)
    }

    @Test func tickLabelsFollowTheLocale() {
        let formatter = ChartTickFormatter()
        #expect(formatter.labels(for: [0, 0.5, 1500], fractionDigits: 1, locale: "de_DE") == ["0,0", "0,5", "1.500,0"])
        #expect(formatter.labels(for: [0, 0.5, 1500], fractionDigits: 1, locale: "en_US") == ["0.0", "0.5", "1,500.0"])
        let quarter = ChartScale(minimum: 0, maximum: 1, data: nil)
        #expect(quarter.step == 0.25)
        #expect(quarter.fractionDigits == 2)
    }

    @Test func seriesDropNonFiniteValuesAndKeepAtMostTheLimit() {
        var series = ChartSeries(values: [1, .nan, 2, .infinity, -.infinity, 3])
        #expect(series.values == [1, 2, 3])
        series.values = (0..<(ChartSeries.maximumCount + 5)).map(Double.init)
        #expect(series.values.count == ChartSeries.maximumCount)
        #expect(series.values.first == 5)
    }

    @Test func anAppendIsRecognisedOnlyWhenEverySeriesGainedAlike() {
        let old = [ChartSeries(values: [1, 2, 3]), ChartSeries(values: [4, 5, 6])]
        #expect(ChartView.appendedCount(from: old, to: [ChartSeries(values: [2, 3, 7]), ChartSeries(values: [5, 6, 8])])?.count == 1)
        #expect(ChartView.appendedCount(from: old, to: [ChartSeries(values: [1, 2, 3, 7, 9]), ChartSeries(values: [4, 5, 6, 8, 9])])?.count == 2)
        #expect(ChartView.appendedCount(from: old, to: [ChartSeries(values: [2, 3, 7]), ChartSeries(values: [4, 5, 6])]) == nil)
        #expect(ChartView.appendedCount(from: old, to: [ChartSeries(values: [9, 3, 7]), ChartSeries(values: [5, 6, 8])]) == nil)
    }

    @Test func shiftingPixelsMovesThemAndLeavesTheRestOfTheSurface() {
        let surface = Surface(width: 6, height: 2)
        let canvas = Canvas(surface: surface)
        canvas.fill(Rect(x: 4, y: 0, width: 1, height: 2), color: RGBA(red: 1, green: 0, blue: 0))
        surface.shiftPixels(in: PixelRect(x: 1, y: 0, width: 5, height: 1), by: -3)
        #expect(surface.pixel(x: 1, y: 0) == 0xFFFF_0000)
        #expect(surface.pixel(x: 4, y: 0) == 0xFFFF_0000, "uncovered columns keep their pixels for the caller to paint")
        #expect(surface.pixel(x: 1, y: 1) == 0, "rows outside the rectangle stay")
    }
}
