import KioskGraphics

/// Writes a property value back the way it would appear in YAML (for `kiosk components` and messages).
nonisolated public enum PropertyValueFormatter {
    public static func format(_ value: PropertyValue) -> String {
        switch value {
        case .number(let number): number.compact
        case .integer(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .string(let text), .choice(let text): text.isEmpty ? "\"\"" : text
        case .text(.literal(let text)): text.isEmpty ? "\"\"" : text
        case .text(.localized(let key)): "@" + key
        case .duration(let seconds): seconds.compact + "s"
        case .size(let size): "\(size.width.compact)x\(size.height.compact)"
        case .color(let color): color.description
        case .font(.style(let style)): style.rawValue
        case .font(.custom(let font)): "{size: \(font.size.compact), weight: \(font.weight.rawValue), family: \(font.family)}"
        case .insets(let insets) where insets.top == insets.left && insets.left == insets.bottom && insets.bottom == insets.right:
            insets.top.compact
        case .insets(let insets):
            "{top: \(insets.top.compact), left: \(insets.left.compact), bottom: \(insets.bottom.compact), right: \(insets.right.compact)}"
        case .point(let point): "[\(point.x.compact), \(point.y.compact)]"
        case .range(let range): "[\(range.lowerBound.compact), \(range.upperBound.compact)]"
        case .list(let items): "[" + items.map(format).joined(separator: ", ") + "]"
        case .record(let fields):
            "{" + fields.keys.sorted().map { "\($0): \(format(fields[$0]!))" }.joined(separator: ", ") + "}"
        }
    }
}
