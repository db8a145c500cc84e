import KioskExpression
import KioskGraphics

nonisolated extension PropertyValue {
    /// The value as a formula reads it (`hours.value`, `price.text`, `pay.background`): numbers,
    /// durations (seconds) and whole numbers as numbers; texts, strings and choices as text, a
    /// localized text through `resolve` (by default its `@key`); colours and fonts as they are
    /// written; sizes and insets as records of their sides; points and ranges as lists of two.
    public func expressionValue(resolvingText resolve: (TextValue) -> String = Self.unresolvedText) -> ExpressionValue {
        switch self {
        case .number(let number), .duration(let number): .number(number)
        case .integer(let number): .number(Double(number))
        case .bool(let flag): .bool(flag)
        case .string(let text), .choice(let text): .text(text)
        case .text(let text): .text(resolve(text))
        case .color, .font: .text(PropertyValueFormatter.format(self))
        case .size(let size): .record(["width": .number(size.width), "height": .number(size.height)])
        case .insets(let insets):
            .record(["top": .number(insets.top), "left": .number(insets.left),
                     "bottom": .number(insets.bottom), "right": .number(insets.right)])
        case .point(let point): .list([.number(point.x), .number(point.y)])
        case .range(let range): .list([.number(range.lowerBound), .number(range.upperBound)])
        case .list(let items): .list(items.map { $0.expressionValue(resolvingText: resolve) })
        case .record(let fields): .record(fields.mapValues { $0.expressionValue(resolvingText: resolve) })
        }
    }

    /// An expression's value kept as a property value of its own kind (a `set` of a state
    /// variable to a literal): numbers, booleans, texts (as strings), lists and records; nil for null.
    public init?(_ value: ExpressionValue) {
        switch value {
        case .null: return nil
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .text(let text): self = .string(text)
        case .list(let items):
            let converted = items.compactMap(PropertyValue.init)
            guard converted.count == items.count else { return nil }
            self = .list(converted)
        case .record(let fields):
            var converted: [String: PropertyValue] = [:]
            for (name, field) in fields {
                guard let value = PropertyValue(field) else { return nil }
                converted[name] = value
            }
            self = .record(converted)
        }
    }

    /// A literal as written; a localized text as its `@key` (no string table at hand).
    public static func unresolvedText(_ text: TextValue) -> String {
        switch text {
        case .literal(let value): value
        case .localized(let key): "@" + key
        }
    }
}
