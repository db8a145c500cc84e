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
    ]

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
        ])
}
