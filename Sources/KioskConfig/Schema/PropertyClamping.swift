import KioskGraphics

/// A value that arrived at run time (an event's `$value`), held within its property's ranges.
nonisolated public struct ClampedValue: Equatable, Sendable {
    public var value: PropertyValue
    /// True when a number had to be moved into its range (the caller logs it, once).
    public var wasClamped: Bool

    public init(value: PropertyValue, wasClamped: Bool) {
        self.value = value
        self.wasClamped = wasClamped
    }
}

nonisolated extension PropertyType {
    /// `value` with every number held within this type's ranges (the same ranges `kiosk check`
    /// enforces on constants), or nil when it is not this type's kind of value or holds a number
    /// that is not finite.
    public func clamping(_ value: PropertyValue) -> ClampedValue? {
        var clamped = false
        func hold(_ number: Double, _ range: ClosedRange<Double>?) -> Double? {
            guard number.isFinite else { return nil }
            guard let range else { return number }
            let held = min(max(number, range.lowerBound), range.upperBound)
            if held != number { clamped = true }
            return held
        }
        let result: PropertyValue?
        switch (self, value) {
        case (.number(let range), _):
            result = value.number.flatMap { hold($0, range) }.map(PropertyValue.number)
        case (.integer(let range), _):
            let bounds = range.map { Double($0.lowerBound)...Double($0.upperBound) } ?? -1e15...1e15
            result = value.number.flatMap { hold($0.rounded(), bounds) }.map { .integer(Int($0)) }
        case (.duration, .duration(let seconds)), (.duration, .number(let seconds)):
            result = hold(seconds, PropertyLimits.duration).map(PropertyValue.duration)
        case (.size, .size(let size)):
            let sides = PropertyLimits.length
            guard let width = hold(size.width, sides), let height = hold(size.height, sides) else { return nil }
            result = .size(Size(width: width, height: height))
        case (.point, .point(let point)):
            guard let x = hold(point.x, PropertyLimits.offset), let y = hold(point.y, PropertyLimits.offset) else { return nil }
            result = .point(Point(x: x, y: y))
        case (.insets, .insets(let insets)):
            let edges = [insets.top, insets.left, insets.bottom, insets.right].compactMap { hold($0, PropertyLimits.length) }
            guard edges.count == 4 else { return nil }
            result = .insets(EdgeInsets(top: edges[0], left: edges[1], bottom: edges[2], right: edges[3]))
        case (.font, .font(.custom(var font))):
            guard let size = hold(font.size, PropertyLimits.fontSize) else { return nil }
            font.size = size
            result = .font(.custom(font))
        case (.range, .range(let range)):
            guard let low = hold(range.lowerBound, PropertyLimits.value), let high = hold(range.upperBound, PropertyLimits.value)
            else { return nil }
            result = .range(low...high)
        case (.list(let element), .list(let items)):
            let held = items.compactMap(element.clamping)
            guard held.count == items.count else { return nil }
            if held.contains(where: \.wasClamped) { clamped = true }
            result = .list(held.map(\.value))
        case (.record(let fields), .record(let entries)):
            var held: [String: PropertyValue] = [:]
            for (name, entry) in entries {
                guard let field = fields.first(where: { $0.name == name }), let fitted = field.type.clamping(entry) else { return nil }
                if fitted.wasClamped { clamped = true }
                held[name] = fitted.value
            }
            result = .record(held)
        case (.choice(let words), .choice(let word)):
            result = words.contains(word) ? value : nil
        case (.bool, .bool), (.string, .string), (.text, .text), (.color, .color), (.font, .font), (.any, _):
            result = value
        // A name was checked where it was written; one a formula or an event gives shows nothing when unknown.
        case (.icon, .string):
            result = value
        default:
            result = nil
        }
        return result.map { ClampedValue(value: $0, wasClamped: clamped) }
    }
}
