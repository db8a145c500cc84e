import KioskExpression
import KioskGraphics
import KioskPlatform
import KioskUI

/// `chart`: a `ChartView`. A series without its own `values` shows the chart's `values`, so one
/// binding (`values: "= state.temps"`) can feed a line and an area alike; a series with a
/// `history` shows the readings the chart collects itself. When a list grows by a point at its
/// end (and maybe loses some at its start), the view scrolls its plot rather than drawing it again.
public struct ChartAdapter: ComponentAdapter {
    public let type = "chart"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        ConfigChartView(scheduler: context.reconciler?.scheduler)
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let chart = view as? ConfigChartView else { return }
        // A binding brings its property alone: the series keep what the config said of them.
        if changes.changed("series") {
            let specs = changes.new["series"]?.list ?? [.record([:])]
            chart.seriesSpecs = specs.map { Self.seriesSpec($0.record ?? [:]) }
            chart.startSampling(scope: context.reconciler?.formulaScope, report: context.report)
        }
        if changes.changed("values") { chart.sharedValues = Self.numbers(changes.new["values"]) }
        changes.ifChanged("min") { assignIfDifferent(chart, \.minimum, $0?.number) }
        changes.ifChanged("max") { assignIfDifferent(chart, \.maximum, $0?.number) }
        changes.ifChanged("window") { chart.writtenWindow = $0?.number.map { Int($0) } }
        changes.ifChanged("grid") { assignIfDifferent(chart, \.showsGrid, $0?.bool ?? true) }
        changes.ifChanged("line_width") { assignIfDifferent(chart, \.lineWidth, $0?.number ?? 2) }
        changes.ifChanged("axis_font") { assignIfDifferent(chart, \.axisFont, $0?.font ?? .style(.caption2)) }
        changes.ifChanged("x_labels") { assignIfDifferent(chart, \.xLabels, ($0?.list ?? []).compactMap(\.string)) }
        changes.ifChanged("threshold") { value in
            let threshold = value?.record.flatMap { fields in
                fields["value"]?.number.map { ChartThreshold(value: $0, color: fields["color"]?.color ?? .systemRed) }
            }
            assignIfDifferent(chart, \.threshold, threshold)
        }
    }

    public func dismantle(_ view: View) {
        (view as? ConfigChartView)?.stopSampling()
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

    private static func seriesSpec(_ fields: [String: PropertyValue]) -> ConfigChartView.SeriesSpec {
        let history = fields["history"]?.record.flatMap { history in
            history["of"]?.string.map {
                ConfigChartView.HistorySpec(formula: $0, keep: history["keep"]?.number ?? 3600, every: history["every"]?.number ?? 10)
            }
        }
        return ConfigChartView.SeriesSpec(kind: ChartSeries.Kind(rawValue: fields["type"]?.string ?? "line") ?? .line,
                                          color: fields["color"]?.color ?? .systemBlue,
                                          name: fields["name"]?.string ?? "",
                                          values: fields["values"].map(Self.numbers), history: history)
    }

    /// Finite numbers only; the view keeps the newest `ChartSeries.maximumCount`.
    private static func numbers(_ value: PropertyValue?) -> [Double] {
        (value?.list ?? []).compactMap(\.number).filter(\.isFinite)
    }
}

/// A `ChartView` that remembers what the config says of each series (so a bound `values` feeds
/// the series without values of their own) and samples the series that keep a history.
final class ConfigChartView: ChartView {
    struct HistorySpec: Equatable {
        var formula: String
        var keep: Double
        var every: Double
    }

    struct SeriesSpec: Equatable {
        var kind: ChartSeries.Kind
        var color: Color
        var name: String
        var values: [Double]?
        var history: HistorySpec?
    }

    var seriesSpecs: [SeriesSpec] = [] {
        didSet { if seriesSpecs != oldValue { showValues() } }
    }

    var sharedValues: [Double] = [] {
        didSet { if sharedValues != oldValue { showValues() } }
    }

    /// The config's `window`; without one a chart with histories shows what they keep.
    var writtenWindow: Int? {
        didSet { showValues() }
    }

    private weak var scheduler: (any Scheduler)?
    private var histories: [Int: ChartHistory] = [:]
    private var samplers: [Int: (spec: HistorySpec, timer: TimerID?)] = [:]

    init(scheduler: (any Scheduler)?) {
        self.scheduler = scheduler
        super.init()
    }

    // MARK: Sampling

    /// (Re)starts the sampling of every series whose history changed: a new history starts empty
    /// with a reading now, then one every `every` seconds on the kiosk's scheduler.
    func startSampling(scope: (() -> any ExpressionScope)?, report: @escaping (String) -> Void) {
        for (index, sampler) in samplers where seriesSpecs.indices.contains(index) == false || seriesSpecs[index].history != sampler.spec {
            if let timer = sampler.timer { scheduler?.cancelTimer(timer) }
            samplers[index] = nil
            histories[index] = nil
        }
        for (index, spec) in seriesSpecs.enumerated() {
            guard let history = spec.history, samplers[index] == nil else { continue }
            guard case .success(let formula)? = Formula.parse(history.formula) else { continue }
            histories[index] = ChartHistory(keep: history.keep, every: history.every)
            var lastProblem: String?
            let sample: () -> Void = { [weak self] in
                guard let self, let scope else { return }
                switch formula.evaluate(in: scope()) {
                case .success(.number(let value)):
                    histories[index]?.record(value, at: scheduler?.now ?? 0)
                    lastProblem = nil
                    showValues()
                case .success(let other):
                    let problem = "history of series \(index + 1): '\(history.formula)' gave \(other.typeName), not a number; no value is kept"
                    if problem != lastProblem { report(problem) }
                    lastProblem = problem
                case .failure(let error):
                    let problem = "history of series \(index + 1): '\(history.formula)': \(error.message); no value is kept"
                    if problem != lastProblem { report(problem) }
                    lastProblem = problem
                }
            }
            var timer: TimerID?
            do {
                timer = try scheduler?.addTimer(after: history.every, repeating: history.every, sample)
            } catch {
                report("history of series \(index + 1): cannot be sampled: \(error)")
            }
            samplers[index] = (history, timer)
            sample()
        }
    }

    func stopSampling() {
        for sampler in samplers.values {
            if let timer = sampler.timer { scheduler?.cancelTimer(timer) }
        }
        samplers = [:]
    }

    /// The values a series keeps (tests read them).
    func historyValues(ofSeries index: Int) -> [Double]? {
        histories[index]?.values
    }

    // MARK: Showing

    private func showValues() {
        let historyWindow = histories.values.map(\.capacity).max()
        let window = writtenWindow ?? historyWindow
        if self.window != window { self.window = window }
        let shown = seriesSpecs.enumerated().map { index, spec in
            ChartSeries(kind: spec.kind, color: spec.color, name: spec.name,
                        values: spec.history != nil ? histories[index]?.plotted ?? [] : spec.values ?? sharedValues)
        }
        if series != shown { series = shown }
    }
}
