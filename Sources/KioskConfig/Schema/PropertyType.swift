import KioskGraphics

/// What a property accepts. The decoder checks values against it; `kiosk components` prints it.
nonisolated public indirect enum PropertyType: Equatable, Sendable, CustomStringConvertible {
    /// A number, optionally limited to a range.
    case number(ClosedRange<Double>? = nil)
    /// A whole number, optionally limited to a range.
    case integer(ClosedRange<Int>? = nil)
    case bool
    /// Text used as is (ids, paths, symbol names, patterns).
    case string
    /// Text shown to people: `@key` is looked up in the string tables.
    case text
    /// One of a fixed set of words.
    case choice([String])
    /// An icon name: a built-in symbol or `mdi:NAME`; with `acceptsPath`, a PNG path too (a value
    /// containing '/' or ending in `.png`).
    case icon(acceptsPath: Bool)
    /// `0.3s`, `300ms`, `2min`, or a bare number of seconds.
    case duration
    /// `[w, h]`, `WxH` or `{width, height}`.
    case size
    /// `#RRGGBB`, `#RRGGBBAA`, a semantic name, optionally `.alpha(x)`.
    case color
    /// A text style name or `{size, weight, family}`.
    case font
    /// A number for every edge, `{top, left, bottom, right}` or `{horizontal, vertical}`.
    case insets
    /// `[x, y]`.
    case point
    /// `[min, max]`.
    case range
    /// A list of values of one type.
    case list(PropertyType)
    /// A mapping with its own named properties (`border: {width, color}`).
    case record([PropertySchema])
    /// Any value, kept as written or as a formula gives it (a list's items: records of any fields).
    case any
    /// A formula giving a number that the component itself evaluates again and again (a chart's
    /// `history: {of: …}`), checked like a binding's and kept as written: `= sensor.value`.
    case formula

    /// How the type reads after "expected" in an error message.
    public var expectation: String {
        switch self {
        case .number(nil): "a number"
        case .number(let range?): "a number \(Self.span(range))"
        case .integer(nil): "a whole number"
        case .integer(let range?) where range.upperBound == .max: "a whole number of at least \(range.lowerBound)"
        case .integer(let range?): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .bool: "true or false (or yes/no, on/off)"
        case .string: "a string"
        case .text: "a text (or @key)"
        case .choice(let values): "one of " + values.map { "'\($0)'" }.joined(separator: ", ")
        case .icon(let acceptsPath): "a symbol name such as gear or info.circle, or mdi:NAME (kiosk components --icons lists them)"
            + (acceptsPath ? ", or a PNG path" : "")
        case .duration: "a duration such as 0.3s or 300ms, up to \((PropertyLimits.duration.upperBound / 86_400).compact) days"
        case .size: "a size such as [800, 480] or 800x480, each side \(Self.span(PropertyLimits.length))"
        case .color: "a colour such as #007AFF, #007AFF80, system_blue, accent or label.alpha(0.5)"
        case .font: "a text style (large_title, title, headline, body, subheadline, caption1, caption2) or {size, weight, family}"
            + " with a size \(Self.span(PropertyLimits.fontSize))"
        case .insets: "a number or {top, left, bottom, right} or {horizontal, vertical}, each \(Self.span(PropertyLimits.length))"
        case .point: "a point [x, y], each \(Self.span(PropertyLimits.offset))"
        case .range: "a range [min, max], each \(Self.span(PropertyLimits.value))"
        case .list(let element): "a list of \(element.name)s"
        case .record(let fields): "a mapping with " + fields.map(\.name).joined(separator: ", ")
        case .any: "any value (a number, text, list or mapping)"
        case .formula: "a formula giving a number, such as \"= sensor.value\""
        }
    }

    /// `from 0 to 16384`.
    static func span(_ range: ClosedRange<Double>) -> String {
        "from \(range.lowerBound.compact) to \(range.upperBound.compact)"
    }

    /// The short name `kiosk components` prints.
    public var name: String {
        switch self {
        case .number: "number"
        case .integer: "integer"
        case .bool: "bool"
        case .string: "string"
        case .text: "text"
        case .choice: "choice"
        case .icon: "icon"
        case .duration: "duration"
        case .size: "size"
        case .color: "color"
        case .font: "font"
        case .insets: "insets"
        case .point: "point"
        case .range: "range"
        case .list(let element): "list of \(element.name)"
        case .record: "record"
        case .any: "any"
        case .formula: "formula"
        }
    }

    public var description: String { name }
}

