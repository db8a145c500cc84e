import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// The chart as it looks in light and dark, at text scale 1 and 1.5, and right to left (the value
/// axis moves to the leading side). Goldens: Tests/KioskCompositorTests/Golden/chart-*.png.
@MainActor
struct ChartGoldenTests {
    struct Configuration: CustomStringConvertible, Sendable {
        var appearance: Appearance
        var textScale: Double
        var direction: LayoutDirection = .leftToRight

        var description: String {
            "\(appearance == .dark ? "dark" : "light")-\(textScale == 1 ? "1x" : "1.5x")\(direction == .rightToLeft ? "-rtl" : "")"
        }

        nonisolated static let all: [Configuration] = [
            Configuration(appearance: .light, textScale: 1), Configuration(appearance: .dark, textScale: 1),
            Configuration(appearance: .light, textScale: 1.5),
            Configuration(appearance: .light, textScale: 1, direction: .rightToLeft),
        ]
    }

    static func sampleChart() -> ChartView {
        let temperatures = [18.5, 19.2, 20.1, 21.4, 22.8, 23.5, 24.1, 23.9, 22.6, 21.0, 19.8, 19.1]
        let chart = ChartView(series: [
            ChartSeries(kind: .bar, color: .systemGreen, name: "Rain", values: [0, 1, 3, 2, 0, 0, 1, 4, 6, 3, 1, 0]),
            ChartSeries(kind: .area, color: .systemBlue, name: "Inside", values: temperatures),
            ChartSeries(kind: .line, color: Color(.systemOrange), name: "Outside", values: temperatures.map { $0 - 6.5 }),
        ])
        chart.threshold = ChartThreshold(value: 22, color: .systemRed)
        chart.xLabels = ["06:00", "09:00", "12:00", "15:00"]
        return chart
    }

    @Test(arguments: Configuration.all)
    func chartMatchesItsGolden(_ configuration: Configuration) throws {
        let root = View()
        root.backgroundColor = .systemBackground
        let chart = Self.sampleChart()
        chart.frame = Rect(x: 20, y: 20, width: 360, height: 180)
        root.addSubview(chart)
        let environment = Environment(appearance: configuration.appearance, textScale: configuration.textScale,
                                      layoutDirection: configuration.direction)
        let driver = HeadlessDriver(size: Size(width: 400, height: 220), environment: environment, rootView: root)
        try driver.settle()
        try GoldenImage.assertMatches(try driver.snapshot(), named: "chart-\(configuration)")
    }
}
