import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// A new point repaints the plot only; with a window the old plot is moved by a copy and only the
/// new strip is drawn, and the result is bit for bit what a fresh chart draws.
@MainActor
struct ChartRepaintTests {
    static let size = Size(width: 640, height: 240)

    func makeDisplay(_ chart: ChartView) -> HeadlessDisplay {
        let root = View(frame: Rect(origin: .zero, size: Self.size))
        root.backgroundColor = .white
        chart.frame = Rect(x: 10, y: 10, width: 620, height: 220)
        root.addSubview(chart)
        return HeadlessDisplay(size: Self.size, rootView: root)
    }

    /// A random walk from a fixed seed, so a failure can be replayed.
    struct Walk {
        var state: UInt64
        var value = 50.0
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            value += Double(Int(state >> 33) % 1000 - 500) / 100
            value = min(max(value, 1), 99)
            return value
        }
    }

    @Test(arguments: [ChartSeries.Kind.line, .area, .bar])
    func appendingDamagesOnlyThePlotAndShiftsIt(_ kind: ChartSeries.Kind) throws {
        var walk = Walk(state: 7)
        let chart = ChartView(series: [ChartSeries(kind: kind, values: (0..<80).map { _ in walk.next() })],
                              minimum: 0, maximum: 100, window: 60)
        chart.threshold = ChartThreshold(value: 75)
        let display = makeDisplay(chart)
        try display.renderUntilIdle()

        for _ in 0..<25 {
            chart.append([walk.next()])
            #expect(try display.renderUntilIdle() == 1)
            let plot = PixelRect(covering: chart.plotRect.offsetBy(dx: 10, dy: 10))
            #expect(display.compositor.lastDamage.bounds == plot)
            #expect(chart.lastPlotUpdate.hasPrefix("scrolled"), "\(chart.lastPlotUpdate)")
            let strip = try #require(chart.lastPlotStripWidth)
            #expect(strip < plot.width / 8, "only the new strip is drawn: \(strip) of \(plot.width)")

            let partial = try #require(display.output.frontSurface)
            #expect(partial.difference(from: display.compositor.renderFullFrame()).isEmpty)

            let fresh = ChartView(series: chart.series, minimum: 0, maximum: 100, window: 60)
            fresh.threshold = chart.threshold
            let freshDisplay = makeDisplay(fresh)
            try freshDisplay.renderUntilIdle()
            let freshPixels = try #require(freshDisplay.output.frontSurface)
            #expect(partial.difference(from: freshPixels).isEmpty, "the shifted plot equals a fresh drawing")
        }
    }

    @Test func severalSeriesAndAnAutomaticRangeStayEqualToAFreshDrawing() throws {
        var walk = Walk(state: 11), other = Walk(state: 12)
        let chart = ChartView(series: [
            ChartSeries(kind: .area, color: .systemBlue, values: (0..<40).map { _ in walk.next() }),
            ChartSeries(kind: .line, color: .systemRed, values: (0..<40).map { _ in other.next() }),
        ], window: 30)
        let display = makeDisplay(chart)
        try display.renderUntilIdle()
        for _ in 0..<40 {
            chart.append([walk.next(), other.next()])
            try display.renderUntilIdle()
            let fresh = ChartView(series: chart.series, window: 30)
            let freshDisplay = makeDisplay(fresh)
            try freshDisplay.renderUntilIdle()
            let partial = try #require(display.output.frontSurface)
            let difference = partial.difference(from: try #require(freshDisplay.output.frontSurface))
            #expect(difference.isEmpty, "\(difference.differingPixels) pixels differ in \(difference.differingBounds) after \(chart.lastPlotUpdate)")
        }
    }

    @Test func withoutAWindowAnAppendRedrawsThePlotOnly() throws {
        let chart = ChartView(series: [ChartSeries(values: [1, 3, 2, 5, 4])], minimum: 0, maximum: 10)
        let display = makeDisplay(chart)
        try display.renderUntilIdle()
        chart.append([6])
        #expect(try display.renderUntilIdle() == 1)
        #expect(display.compositor.lastDamage.bounds == PixelRect(covering: chart.plotRect.offsetBy(dx: 10, dy: 10)))
        #expect(chart.lastPlotUpdate == "full")
        let partial = try #require(display.output.frontSurface)
        #expect(partial.difference(from: display.compositor.renderFullFrame()).isEmpty)
    }

    @Test func aValueBeyondTheAutomaticRangeRedrawsTheAxisToo() throws {
        let chart = ChartView(series: [ChartSeries(values: [1, 3, 2, 5, 4])], window: 10)
        let display = makeDisplay(chart)
        try display.renderUntilIdle()
        chart.append([40])
        try display.renderUntilIdle()
        #expect(display.compositor.lastDamage.bounds.width > PixelRect(covering: chart.plotRect).width)
        let partial = try #require(display.output.frontSurface)
        #expect(partial.difference(from: display.compositor.renderFullFrame()).isEmpty)
    }
}
