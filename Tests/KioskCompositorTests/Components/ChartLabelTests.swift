import KioskGraphics
import KioskRuntime
import Testing
@testable import KioskUI

/// A source may give a chart one x label per point: those that do not fit side by side are
/// thinned, not all laid out (10,000 labels were 10,000 layouts, shaped again at every repaint).
@MainActor
struct ChartLabelTests {
    func render(_ chart: ChartView) throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 640, height: 240))
        chart.frame = Rect(x: 10, y: 10, width: 620, height: 220)
        root.addSubview(chart)
        let display = HeadlessDisplay(size: Size(width: 640, height: 240), rootView: root)
        try display.renderUntilIdle()
    }

    @Test func labelsThatDoNotFitAreThinnedAndDoNotOverlap() throws {
        let chart = ChartView(series: [ChartSeries(kind: .line, values: (0..<100).map(Double.init))], minimum: 0, maximum: 100)
        chart.xLabels = (0..<10_000).map { String(format: "%02d:%02d", $0 / 60 % 24, $0 % 60) }
        try render(chart)
        let drawn = chart.xLabelLayouts
        #expect(drawn.count > 10 && drawn.count < 100, "\(drawn.count) labels laid out")
        #expect(drawn.first?.text == "00:00")
        // Every drawn label is the label of its slot, and the slots drawn are far enough apart.
        let step = 10_000 / drawn.count + (10_000 % drawn.count == 0 ? 0 : 1)
        #expect(drawn.map(\.text) == stride(from: 0, to: 10_000, by: step).map { chart.xLabels[$0] })
        let slot = chart.plotRect.width / 10_000
        #expect(Double(step) * slot >= (drawn.map(\.size.width).max() ?? 0), "labels \(Double(step) * slot) apart")
    }

    @Test func labelsThatFitAreAllDrawn() throws {
        let chart = ChartView(series: [ChartSeries(kind: .line, values: [1, 2, 3])], minimum: 0, maximum: 4)
        chart.xLabels = ["06:00", "09:00", "12:00", "15:00"]
        try render(chart)
        #expect(chart.xLabelLayouts.map(\.text) == ["06:00", "09:00", "12:00", "15:00"])
        chart.xLabels = (0..<400).map { "\($0)" }
        try render(chart)
        #expect(chart.xLabelLayouts.count < 400)
        chart.xLabels = ["a", "b"]
        try render(chart)
        #expect(chart.xLabelLayouts.map(\.text) == ["a", "b"], "layouts no longer needed are let go")
    }
}
