import KioskConfig
import KioskGraphics
import KioskRuntime

/// The values at the edges of what `set` takes for a property, and a little past them: the bounds
/// of its schema range, zero, numbers far beyond (which `set` refuses), the longest text, the
/// largest size, a thousand items in a list. `SetValues` keeps to what a panel of this size shows; these are what
/// a faulty sensor daemon or a careless operator sends, which the kiosk must take without
/// crashing, hanging or leaving the screen unlike a full repaint.
enum ExtremeValues {
    static let longText = String(repeating: "Wide words wrap ", count: Int(PropertyLimits.length.upperBound) / 16)
    static let tallText = String(repeating: "line\n", count: 2_000)
    static let mixedText = "שלום مرحبا e\u{301}\u{301}\u{301} 👩‍👩‍👧‍👦 \u{200B}\u{FEFF}\t"

    static func values(for property: PropertySchema) -> [JSONValue] {
        switch property.type {
        case .number(let range):
            let low = range?.lowerBound ?? -1e12, high = range?.upperBound ?? 1e12
            return [.number(low), .number(high), .number(0), .number(1e308), .number(-1e308), .number(high / 3)]
        case .integer(let range):
            let low = range?.lowerBound ?? 0, high = range?.upperBound ?? 1_000_000
            return [.number(Double(low)), .number(Double(high)), .number(1e18), .number(-1e18)]
        case .bool:
            return [.bool(true), .bool(false)]
        case .string:
            return [.string(""), .string(longText)]
        case .text:
            return [.string(""), .string(longText), .string(tallText), .string(mixedText)]
        case .choice(let words):
            return words.map { .string($0) }
        case .icon:
            return [.string("gear"), .string("mdi:zzzz-none"), .string("")]
        case .duration:
            return [.number(0), .number(PropertyLimits.duration.upperBound), .string("1e9")]
        case .size:
            let side = PropertyLimits.length.upperBound
            return [.array([0, 0]), .array([.number(side), .number(side)]), .array([.number(side), 1]), .array([1e12, 1e12])]
        case .color:
            return [.string("#00000000"), .string("label.alpha(0)"), .string("#FFFFFF")]
        case .font:
            return [.object(["size": 1]), .object(["size": 500, "weight": "bold"]), .string("large_title")]
        case .insets:
            let side = PropertyLimits.length.upperBound
            return [.number(0), .number(side), .object(["horizontal": .number(side), "vertical": 0])]
        case .point:
            let side = PropertyLimits.length.upperBound
            return [.array([.number(side), .number(-side)]), .array([1e12, -1e12])]
        case .range:
            return [.array([0, 0]), .array([-1e12, 1e12]), .array([10, -10])]
        case .list(let element):
            let one = values(for: PropertySchema("item", element, doc: "")).first ?? .null
            return [.array([]), .array(Array(repeating: one, count: 1_000))]
        case .record(let fields):
            // Each field at its extremes in turn, the others left out.
            return fields.filter { $0.type != .formula }.flatMap { field in
                values(for: field).prefix(3).map { JSONValue.object([field.name: $0]) }
            }
        case .any:
            return [.null, .array(Array(repeating: .object(["name": .string(longText)]), count: 1_000))]
        case .formula:
            return []
        }
    }
}
