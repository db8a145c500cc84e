import KioskExpression
import KioskGraphics

nonisolated extension PropertyType {
    /// What `kiosk check` knows a formula reads from a property of this type (see
    /// `PropertyValue.expressionValue`).
    public var expressionType: ExpressionType {
        switch self {
        case .number, .integer, .duration: .number
        case .bool: .bool
        case .text, .string, .choice, .icon, .color, .font, .formula: .text
        case .list, .point, .range: .list
        case .record, .size, .insets: .record
        case .any: .any
        }
    }

    /// What a formula bound to a property of this type must give, when only one kind of value
    /// fits; nil when any value converts (a text shows any value as its `${…}` form; a size may be
    /// a record or a list).
    public var requiredExpressionType: ExpressionType? {
        switch self {
        case .number, .integer, .duration: .number
        case .bool: .bool
        case .choice, .icon, .color: .text
        case .list: .list
        case .record: .record
        case .text, .string, .font, .size, .insets, .point, .range, .any, .formula: nil
        }
    }

    /// A formula's result as a value of this type, held within the type's ranges (a number
    /// outside them is clamped, and `wasClamped` says so); nil when it does not fit (the property
    /// then keeps its default).
    ///
    /// Numbers give numbers, whole numbers (rounded) and durations (seconds); any value gives a
    /// text or string (its `${…}` form); only a boolean gives a boolean; a text gives a choice it
    /// names or a colour it spells (`#FF9500`, `system_red`, `label.alpha(0.5)`) or a font (a text
    /// style), a number gives a font size or equal insets; sizes, points and ranges come from
    /// lists of two numbers (or records of their sides); lists and records convert item by item.
    public func propertyValue(from value: ExpressionValue) -> ClampedValue? {
        converted(value).flatMap(clamping)
    }

    /// Why `propertyValue(from:)` gave nil for `value`, as the log says it.
    public func mismatch(with value: ExpressionValue) -> String {
        switch self {
        case .text, .string: "its text would be more than \(ExpressionLimits.textBytes) bytes long"
        default: "expected \(expectation), found \(value.typeName)"
        }
    }

    /// A text as it is; a list or a record as its display text, within the limit of a text an
    /// expression builds (a list holding a source's list many times over would be megabytes).
    private static func shownText(of value: ExpressionValue) -> String? {
        if case .text(let text) = value { return text }
        return value.displayText(limit: ExpressionLimits.textBytes)
    }

    private func converted(_ value: ExpressionValue) -> PropertyValue? {
        switch (self, value) {
        case (.number, .number(let number)): return .number(number)
        case (.integer, .number(let number)): return .number(number)
        case (.duration, .number(let seconds)): return .duration(seconds)
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.text, _): return Self.shownText(of: value).map { .text(.literal($0)) }
        case (.string, _): return Self.shownText(of: value).map(PropertyValue.string)
        case (.choice(let words), .text(let word)): return words.contains(word) ? .choice(word) : nil
        // Which icons are installed is known where the name is drawn; one it lacks shows nothing.
        case (.icon, .text(let name)): return .string(name)
        case (.color, .text(let text)): return Color(parsing: text).map(PropertyValue.color)
        case (.font, .text(let name)): return TextStyle(rawValue: name).map { .font(.style($0)) }
        case (.font, .number(let size)): return .font(.custom(Font(size: size)))
        case (.size, _):
            guard let (width, height) = Self.pair(value, named: ("width", "height")) else { return nil }
            return .size(Size(width: width, height: height))
        case (.point, _):
            guard let (x, y) = Self.pair(value, named: ("x", "y")) else { return nil }
            return .point(Point(x: x, y: y))
        case (.range, _):
            guard let (low, high) = Self.pair(value, named: ("min", "max")), low <= high else { return nil }
            return .range(low...high)
        case (.insets, .number(let all)): return .insets(EdgeInsets(all: all))
        case (.insets, .record(let edges)):
            var numbers: [String: Double] = [:]
            for (edge, length) in edges {
                guard ["top", "left", "bottom", "right"].contains(edge), case .number(let number) = length else { return nil }
                numbers[edge] = number
            }
            return .insets(EdgeInsets(top: numbers["top"] ?? 0, left: numbers["left"] ?? 0,
                                      bottom: numbers["bottom"] ?? 0, right: numbers["right"] ?? 0))
        case (.any, _): return PropertyValue(value)
        case (.list(let element), .list(let items)):
            let converted = items.compactMap(element.converted)
            return converted.count == items.count ? .list(converted) : nil
        case (.record(let fields), .record(let entries)):
            var converted: [String: PropertyValue] = [:]
            for (name, entry) in entries {
                guard let field = fields.first(where: { $0.name == name }), let fitted = field.type.converted(entry) else {
                    return nil
                }
                converted[name] = fitted
            }
            // Fields the formula does not give keep their defaults, as when written partly in YAML.
            for field in fields where converted[field.name] == nil {
                if let defaultValue = field.defaultValue { converted[field.name] = defaultValue }
            }
            return .record(converted)
        default:
            return nil
        }
    }

    /// `[a, b]`, or a record with the two names.
    private static func pair(_ value: ExpressionValue, named names: (String, String)) -> (Double, Double)? {
        switch value {
        case .list(let items):
            guard items.count == 2, case .number(let first) = items[0], case .number(let second) = items[1] else { return nil }
            return (first, second)
        case .record(let fields):
            guard fields.count == 2, case .number(let first)? = fields[names.0], case .number(let second)? = fields[names.1]
            else { return nil }
            return (first, second)
        default:
            return nil
        }
    }
}
