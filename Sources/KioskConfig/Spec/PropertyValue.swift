import KioskGraphics

/// Text shown to people: written as is, or `@key` looked up in the current locale's string table
/// (kept as a key so that switching locale re-renders it).
nonisolated public enum TextValue: Hashable, Sendable {
    case literal(String)
    case localized(key: String)
}

/// A checked property value, of the kind its `PropertyType` describes.
nonisolated public indirect enum PropertyValue: Hashable, Sendable {
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case string(String)
    case text(TextValue)
    case choice(String)
    /// Seconds.
    case duration(Double)
    case size(Size)
    case color(Color)
    case font(FontValue)
    case insets(EdgeInsets)
    case point(Point)
    case range(ClosedRange<Double>)
    case list([PropertyValue])
    /// Only the fields that were written (or defaulted) are present.
    case record([String: PropertyValue])

    /// A number, whether it was written as a whole number or not.
    public var number: Double? {
        switch self {
        case .number(let value), .duration(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    public var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var color: Color? { if case .color(let value) = self { value } else { nil } }
    public var font: FontValue? { if case .font(let value) = self { value } else { nil } }
    public var insets: EdgeInsets? { if case .insets(let value) = self { value } else { nil } }
    public var size: Size? { if case .size(let value) = self { value } else { nil } }
    public var point: Point? { if case .point(let value) = self { value } else { nil } }
    public var record: [String: PropertyValue]? { if case .record(let value) = self { value } else { nil } }
    public var list: [PropertyValue]? { if case .list(let value) = self { value } else { nil } }

    /// Strings, choices and texts: the written characters (a localized text gives its key).
    public var string: String? {
        switch self {
        case .string(let value), .choice(let value): value
        case .text(.literal(let value)): value
        case .text(.localized(let key)): "@" + key
        default: nil
        }
    }

    public var text: TextValue? {
        switch self {
        case .text(let value): value
        case .string(let value), .choice(let value): .literal(value)
        default: nil
        }
    }
}
