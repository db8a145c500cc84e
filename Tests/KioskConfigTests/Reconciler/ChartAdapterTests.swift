import KioskConfig
import KioskGraphics
import KioskUI
import Testing

/// The `chart` component: its series, shared values, range, window, grid, threshold and labels.
@MainActor
struct ChartAdapterTests {
    let reconciler = Reconciler(resolver: TextResolver(strings: StringTables([:]), locale: "en"))

    func widget(_ yaml: String) throws -> WidgetSpec {
        try OneWidget.spec(yaml)
    }

    @Test func chartTakesEveryProperty() throws {
        let node = reconciler.make(try widget("""
        type: chart
        values: [1, 2, 3]
        series:
          - {type: area, color: system_red, name: Inside}
          - {type: bar, values: [4, 5]}
        min: 0
        max: 10
        window: 30
        grid: false
        threshold: {value: 8}
        x_labels: [a, b]
        line_width: 3
        """))
        let chart = try #require(node.view as? ChartView)
        #expect(chart.series == [
            ChartSeries(kind: .area, color: .systemRed, name: "Inside", values: [1, 2, 3]),
            ChartSeries(kind: .bar, color: .systemBlue, values: [4, 5]),
        ])
        #expect(chart.minimum == 0 && chart.maximum == 10)
        #expect(chart.window == 30)
        #expect(!chart.showsGrid)
        #expect(chart.threshold == ChartThreshold(value: 8, color: .systemRed))
        #expect(chart.xLabels == ["a", "b"])
        #expect(chart.lineWidth == 3)
    }

    @Test func aBareChartShowsItsValuesAsOneLineOnAnAutomaticRange() throws {
        let node = reconciler.make(try widget("{type: chart, values: [3, 1, 4]}"))
        let chart = try #require(node.view as? ChartView)
        #expect(chart.series == [ChartSeries(kind: .line, color: .systemBlue, values: [3, 1, 4])])
        #expect(chart.minimum == nil && chart.maximum == nil && chart.window == nil)
        #expect(chart.showsGrid)
    }

    /// A binding brings `values` alone: the series keep their kind and colour (an area stayed a
    /// line once its values were bound).
    @Test func boundValuesKeepWhatTheConfigSaysOfTheSeries() throws {
        let node = reconciler.make(try widget("""
        type: chart
        series: [{type: area, color: system_red}, {type: bar, values: [4, 5]}]
        """))
        let chart = try #require(node.view as? ChartView)
        reconciler.applyBound(.list([.number(1), .number(2)]), to: "values", on: node)
        #expect(chart.series == [
            ChartSeries(kind: .area, color: .systemRed, values: [1, 2]),
            ChartSeries(kind: .bar, color: .systemBlue, values: [4, 5]),
        ])
    }
}
