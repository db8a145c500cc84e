import KioskGraphics
import KioskUI

/// `chart`: a `ChartView`. A series without its own `values` shows the chart's `values`, so one
/// binding (`values: "= state.temps"`) can feed a line and an area alike. When a bound list grows
/// by a point at its end (and maybe loses some at its start), the view scrolls its plot rather
/// than drawing it again.
public struct ChartAdapter: ComponentAdapter {
    public let type = "chart"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        ChartView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let chart = view as? ChartView else { return }
        if changes.changed("series") || changes.changed("values") {
            let shared = Self.numbers(changes.new["values"])
            let specs = changes.new["series"]?.list ?? [.record([:])]
            let series = specs.map { spec in
                let fields = spec.record ?? [:]
                return ChartSeries(kind: ChartSeries.Kind(rawValue: fields["type"]?.string ?? "line") ?? .line,
                                   color: fields["color"]?.color ?? .systemBlue,
                                   name: fields["name"]?.string ?? "",
                                   values: fields["values"].map(Self.numbers) ?? shared)
            }
            assignIfDifferent(chart, \.series, series)
        }
        changes.ifChanged("min") { assignIfDifferent(chart, \.minimum, $0?.number) }
        changes.ifChanged("max") { assignIfDifferent(chart, \.maximum, $0?.number) }
        changes.ifChanged("window") { assignIfDifferent(chart, \.window, $0?.number.map { Int($0) }) }
        changes.ifChanged("grid") { assignIfDifferent(chart, \.showsGrid, $0?.bool ?? true) }
        changes.ifChanged("line_width") { assignIfDifferent(chart, \.lineWidth, $0?.number ?? 2) }
        changes.ifChanged("x_labels") { assignIfDifferent(chart, \.xLabels, ($0?.list ?? []).compactMap(\.string)) }
        changes.ifChanged("threshold") { value in
            let threshold = value?.record.flatMap { fields in
                fields["value"]?.number.map { ChartThreshold(value: $0, color: fields["color"]?.color ?? .systemRed) }
            }
            assignIfDifferent(chart, \.threshold, threshold)
        }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let chart = view as? ChartView else { return nil }
        switch property {
        case "values": return .list((chart.series.first?.values ?? []).map(PropertyValue.number))
        case "min": return chart.minimum.map(PropertyValue.number)
        case "max": return chart.maximum.map(PropertyValue.number)
        default: return nil
        }
    }

    /// Finite numbers only; the view keeps the newest `ChartSeries.maximumCount`.
    private static func numbers(_ value: PropertyValue?) -> [Double] {
        (value?.list ?? []).compactMap(\.number).filter(\.isFinite)
    }
}
