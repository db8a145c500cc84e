import KioskGraphics

/// `chart`: line, area and bar series over a value axis.
nonisolated enum ChartComponent {
    /// Points across the plot with a window: at least two, at most what a series keeps.
    static let window: ClosedRange<Int> = 2...10_000

    static let seriesFields: [PropertySchema] = [
        PropertySchema("type", .choice(["line", "area", "bar"]), default: .choice("line"), doc: "How the series is drawn."),
        PropertySchema("color", .color, default: .color(.systemBlue), doc: "Colour of the line, area or bars."),
        PropertySchema("name", .text, default: .text(.literal("")), doc: "What the series shows (for people reading the config)."),
        PropertySchema("values", .list(.number(PropertyLimits.value)),
                       doc: "The values, oldest first; without it the series shows the chart's `values`."),
        PropertySchema("history", .record(historyFields),
                       doc: "Values the chart collects itself: every `every` it reads `of` and keeps what is younger than `keep`."),
    ]

    static let historyFields: [PropertySchema] = [
        PropertySchema("of", .formula, doc: "What is read: \"= sensor.value\"."),
        PropertySchema("keep", .duration, default: .duration(3600), doc: "How long a value stays (1h)."),
        PropertySchema("every", .duration, default: .duration(10), doc: "How often the formula is read (10s)."),
    ]

    /// The shortest sampling period: a chart's history is a trend, not an oscilloscope.
    static let shortestSamplingPeriod = 0.1

    static let schema = ComponentSchema(
        type: "chart", doc: "Line, area and bar series with locale-formatted ticks, a grid, a range and a threshold line.",
        properties: [
            PropertySchema("series", .list(.record(seriesFields)),
                           default: .list([.record(["type": .choice("line"), "color": .color(.systemBlue)])]),
                           doc: "The series, drawn in order (later ones on top)."),
            PropertySchema("values", .list(.number(PropertyLimits.value)), default: .list([]),
                           doc: "Values for every series without its own, usually bound: \"= state.temps\". At most 10000 are kept."),
            PropertySchema("min", .number(PropertyLimits.value), doc: "Bottom of the value axis; without it the data decide."),
            PropertySchema("max", .number(PropertyLimits.value), doc: "Top of the value axis; without it the data decide."),
            PropertySchema("window", .integer(window),
                           doc: "Points across the plot, newest at the right; a new point scrolls the plot. Without it all points fit."),
            PropertySchema("grid", .bool, default: .bool(true), doc: "Horizontal lines at the ticks."),
            PropertySchema("threshold", .record([
                PropertySchema("value", .number(PropertyLimits.value), doc: "Where the line is drawn."),
                PropertySchema("color", .color, default: .color(.systemRed), doc: "Colour of the line."),
            ]), doc: "A horizontal line at a value (a limit or a target)."),
            PropertySchema("x_labels", .list(.text), default: .list([]), doc: "Labels spread evenly under the plot."),
            PropertySchema("line_width", .number(0.5...20), default: .number(2), doc: "Width of lines."),
            PropertySchema("axis_font", .font, default: .font(.style(.caption2)),
                           doc: "Text style or font of the tick labels and the x labels."),
        ],
        check: historiesFit)

    /// A history reads at least every 0.1 s and keeps at most what a series holds.
    static let historiesFit: ComponentSchema.Check = { properties in
        let histories = (properties["series"]?.list ?? []).compactMap { $0.record?["history"]?.record }
        return histories.compactMap { history in
            guard let every = history["every"]?.number, let keep = history["keep"]?.number else { return nil }
            if every < shortestSamplingPeriod {
                return ComponentIssue(property: "series",
                                      message: "history 'every' \(every.compact)s is too short: at least \(shortestSamplingPeriod.compact)s")
            }
            if keep < every {
                return ComponentIssue(property: "series", message: "history 'keep' \(keep.compact)s is shorter than 'every' \(every.compact)s")
            }
            if keep / every > Double(window.upperBound) {
                return ComponentIssue(property: "series", message: "history keeps \(Int(keep / every)) values (keep \(keep.compact)s, "
                                      + "every \(every.compact)s): at most \(window.upperBound); read less often or keep less")
            }
            return nil
        }
    }
}
