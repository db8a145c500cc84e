import KioskConfig
import KioskRuntime
import KioskTestSupport
import KioskUI

/// Random values for `set`, chosen from a property's schema the way a sensor daemon or an operator
/// would send them: every type the schema knows, inside the documented ranges. Numbers are kept
/// to what a panel of this size shows (sizes up to 600 points, radii up to 60, a few lines): the
/// extremes of the schema ranges are the numeric-bounds work's to test, not a day-long run's.
struct SetValues {
    let registry: ComponentRegistry

    /// Properties not sent at random, with the reason.
    static let skipped: [String: String] = [
        // Paths to files: a missing one is reported (as it should be), which is not what this run looks for.
        "source": "a file path", "image": "a file path",
        // Relations between properties (min ≤ value ≤ max, min_length ≤ max_length) make a lone
        // random `set` of these an expected refusal; value is sent within the live range instead.
        // A promise that the view paints all of its bounds; a false one leaves stale pixels below, as documented.
        "opaque": "a promise about the content",
        "min": "relates to value", "max": "relates to value", "step": "relates to value", "validate": "relates to the text",
    ]

    static let texts = ["", "Ready", "Stopped", "42 units", "Maintenance at 14:00", "@greeting", "@energy",
                        "Ünïcödé ñ — “quoted” 日本語", "A longer sentence that has to wrap over more than one line of the panel.",
                        String(repeating: "W", count: 60)]
    static let colors = ["system_blue", "system_red", "system_green", "system_orange", "label", "secondary_label",
                         "system_gray4", "#336699", "#FF000080", "label.alpha(0.5)", "white", "black"]
    static let symbols = Symbol.allCases.map(\.rawValue)

    /// A random property of `widget` and a value for it; nil when the widget has nothing to send.
    func assignment(for widget: WidgetSpec, liveValue: (String) -> PropertyValue?,
                    using random: inout SeededRandom) -> (property: String, value: JSONValue)? {
        guard let schema = registry.schema(for: widget.type) else { return nil }
        let candidates = schema.properties.filter { Self.skipped[$0.name] == nil }
        guard let property = candidates.randomElement(using: &random) else { return nil }
        if property.name == "value", widget.type == "slider" || widget.type == "marked_slider" {
            let low = liveValue("min")?.number ?? 0, high = liveValue("max")?.number ?? 1
            return (property.name, .number(Double.random(in: low...max(low, high), using: &random)))
        }
        return (property.name, value(for: property, using: &random))
    }

    func value(for property: PropertySchema, using random: inout SeededRandom) -> JSONValue {
        switch property.type {
        case .number(let range):
            let soak = Self.soakRange(property.name)
            let low = max(range?.lowerBound ?? soak.lowerBound, soak.lowerBound)
            let high = min(range?.upperBound ?? soak.upperBound, soak.upperBound)
            return .number((Double.random(in: low...max(low, high), using: &random) * 100).rounded() / 100)
        case .integer(let range):
            let soak = property.name == "columns" ? 1...4 : 0...4
            let low = max(range?.lowerBound ?? soak.lowerBound, soak.lowerBound)
            let high = min(range?.upperBound ?? soak.upperBound, soak.upperBound)
            return .number(Double(Int.random(in: low...max(low, high), using: &random)))
        case .bool:
            return .bool(Bool.random(using: &random))
        case .string:
            switch property.name {
            case "symbol", "icon": return .string(Self.symbols.randomElement(using: &random)!)
            case "layout": return .string(["us", "es", "de"].randomElement(using: &random)!)
            default: return .string(["ana-42", "bo", "", "x-1"].randomElement(using: &random)!)
            }
        case .text:
            return .string(Self.texts.randomElement(using: &random)!)
        case .choice(let words):
            return .string(words.randomElement(using: &random)!)
        case .icon:
            return .string(Self.symbols.randomElement(using: &random)!)
        case .duration:
            // What a `set` takes for a duration: seconds, as a number or its digits.
            return [.number(0.3), .string("2"), .number(12)].randomElement(using: &random)!
        case .size:
            return .array([.number(Double(Int.random(in: 0...600, using: &random))),
                           .number(Double(Int.random(in: 0...300, using: &random)))])
        case .color:
            return .string(Self.colors.randomElement(using: &random)!)
        case .font:
            if Bool.random(using: &random) {
                return .string(["large_title", "title", "headline", "body", "subheadline", "caption1", "caption2"]
                    .randomElement(using: &random)!)
            }
            return .object(["size": .number(Double(Int.random(in: 8...40, using: &random))),
                            "weight": .string(["regular", "bold"].randomElement(using: &random)!)])
        case .insets:
            if Bool.random(using: &random) { return .number(Double(Int.random(in: 0...30, using: &random))) }
            return .object(["horizontal": .number(Double(Int.random(in: 0...30, using: &random))),
                            "vertical": .number(Double(Int.random(in: 0...30, using: &random)))])
        case .point:
            return .array([.number(Double(Int.random(in: -10...10, using: &random))),
                           .number(Double(Int.random(in: -10...10, using: &random)))])
        case .range:
            let low = Double(Int.random(in: 0...50, using: &random))
            return .array([.number(low), .number(low + Double(Int.random(in: 0...50, using: &random)))])
        case .list(let element):
            let count = Int.random(in: 0...2, using: &random)
            return .array((0..<count).map { _ in value(for: PropertySchema("item", element, doc: ""), using: &random) })
        case .record(let fields):
            var object: [String: JSONValue] = [:]
            // A formula is config, not a value a `set` carries (a chart history's `of`).
            for field in fields where field.type != .formula && Bool.random(using: &random) {
                object[field.name] = value(for: field, using: &random)
            }
            return .object(object)
        case .any:
            // Records with the fields the showcase's list rows read (`$item.name`, `$item.text`).
            return .object(["id": .number(Double(Int.random(in: 0...9, using: &random))),
                            "name": .string(Self.texts.randomElement(using: &random)!),
                            "text": .string(Self.texts.randomElement(using: &random)!)])
        case .formula:
            return .string(["= 1", "= 2 * 3"].randomElement(using: &random)!)
        }
    }

    /// Where a number goes in this run, by property name; the schema's own range narrows it further.
    static func soakRange(_ name: String) -> ClosedRange<Double> {
        switch name {
        case "corner_radius": 0...60
        case "spacing", "min_length": 0...40
        case "width", "underline_width": 0...6
        case "radius": 0...30
        case "line_width": 1...30
        case "height": 120...320
        default: 0...1
        }
    }
}
