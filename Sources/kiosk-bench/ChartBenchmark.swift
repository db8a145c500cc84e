import KioskGraphics
import KioskRuntime
import KioskUI

/// One point appended to a chart whose plot is 600×200: with a window the plot is shifted by a
/// pixel copy and only the new strip drawn; without one the whole plot is drawn again.
@MainActor
func addChartRows(to table: inout Table) throws {
    for windowed in [true, false] {
        let root = View(frame: Rect(x: 0, y: 0, width: 800, height: 300))
        root.backgroundColor = .systemBackground
        var value = 50.0, seed: UInt64 = 1
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            value = min(max(value + Double(Int(seed >> 33) % 1000 - 500) / 100, 5), 95)
            return value
        }
        let chart = ChartView(series: [
            ChartSeries(kind: .area, color: .systemBlue, values: (0..<302).map { _ in next() }),
        ], minimum: 0, maximum: 100, window: windowed ? 300 : nil)
        chart.threshold = ChartThreshold(value: 80)
        chart.frame = Rect(x: 20, y: 20, width: 700, height: 240)
        root.addSubview(chart)
        let display = HeadlessDisplay(size: Size(width: 800, height: 300), rootView: root)
        let plot = chart.plotRect
        chart.frame.size = Size(width: chart.frame.width + 600 - plot.width, height: chart.frame.height + 200 - plot.height)
        try display.renderUntilIdle()
        precondition(chart.plotRect.size == Size(width: 600, height: 200), "the benchmark plot is 600x200")
        var drawn: [Int] = []
        let name = windowed ? "chart append (a 600x200 plot, 1 point: shift + strip)" : "chart append without a window (plot redrawn)"
        table.add(name, try measure {
            if !windowed { chart.series[0].values.removeFirst() }
            chart.append([next()])
            try display.advance(by: display.refreshInterval)
            drawn.append(chart.lastPlotStripWidth ?? 0)
        })
        drawn.sort()
        table.add("  plot columns drawn (of 600)", median: "\(drawn[drawn.count / 2])", p90: "\(drawn[drawn.count * 9 / 10])")
    }
}
