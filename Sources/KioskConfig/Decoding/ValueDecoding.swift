import KioskExpression
import KioskGraphics
import KioskUI

/// Checks one written value against a `PropertyType` and turns it into a `PropertyValue`,
/// reporting what was expected when it does not fit.
nonisolated extension DecodingContext {
    /// `name` is the property's name as it appears in messages (`shadow.radius`); `base` is the
    /// property's default, which a partially written record is completed from.
    func value(of node: YAMLNode, as type: PropertyType, named name: String, base: PropertyValue? = nil) -> PropertyValue? {
        if type == .formula { return sampledFormula(node, named: name) }
        // Formulas are read where they may be used (a widget's property, set, emit, if); anywhere
        // else (a panel's or an alert's title, a field of a record, a setting) one would show as
        // written or not decode at all: say so instead.
        if let text = node.scalar?.text, Self.acceptsTemplate(type) ? Formula.parse(text) != nil : text.hasPrefix("=") {
            report(at: node.location, "a formula cannot give '\(name)'",
                   expected: Self.acceptsTemplate(type)
                       ? "a constant text (formulas give whole widget properties and the values of set, emit and if; $${ writes a literal ${)"
                       : "a constant (formulas give whole widget properties and the values of set, emit and if)",
                   found: node.summary)
            return nil
        }
        let decoded = decodedValue(of: Self.unescapingTemplates(node, as: type), as: type, named: name, base: base)
        if decoded == nil, !isReportedInside(type) {
            report(at: node.location, "invalid value for '\(name)'", expected: type.expectation, found: node.summary,
                   suggestion: suggestion(for: node, as: type))
        }
        return decoded
    }

    /// A text without `${…}` parts shows `$${` as `${`.
    private static func unescapingTemplates(_ node: YAMLNode, as type: PropertyType) -> YAMLNode {
        guard acceptsTemplate(type), let scalar = node.scalar, scalar.text.contains("$${") else { return node }
        var unescaped = node
        unescaped.content = .scalar(YAMLNode.Scalar(text: Formula.literalText(of: scalar.text), isPlain: false))
        return unescaped
    }

    /// Numbers, records, lists and the types built of numbers report their own, more precise
    /// mistakes (which number, not finite, outside which range).
    private func isReportedInside(_ type: PropertyType) -> Bool {
        switch type {
        case .record, .list, .number, .integer, .font, .insets, .range, .size, .point, .duration: true
        default: false
        }
    }

    private func decodedValue(of node: YAMLNode, as type: PropertyType, named name: String,
                              base: PropertyValue?) -> PropertyValue? {
        switch type {
        case .number(let range):
            return number(node, within: range, named: name, expected: type.expectation).map(PropertyValue.number)
        case .integer(let range):
            return integer(node, within: range, named: name, expected: type.expectation).map(PropertyValue.integer)
        case .bool:
            return ScalarReading.bool(node).map(PropertyValue.bool)
        case .string:
            guard let scalar = node.scalar, !node.isNull else { return nil }
            return .string(scalar.text)
        case .text:
            return text(node).map(PropertyValue.text)
        case .choice(let values):
            guard let word = node.scalar?.text, values.contains(word) else { return nil }
            return .choice(word)
        case .icon(let acceptsPath):
            guard let name = node.scalar?.text, !node.isNull,
                  acceptsPath && IconNames.isPath(name) || Icon(named: name) != nil else { return nil }
            return .string(name)
        case .duration:
            return duration(node, named: name).map(PropertyValue.duration)
        case .size:
            return size(node, named: name).map(PropertyValue.size)
        case .color:
            return node.scalar.flatMap { Color(parsing: $0.text) }.map(PropertyValue.color)
        case .font:
            return font(node, named: name).map(PropertyValue.font)
        case .insets:
            return insets(node, named: name).map(PropertyValue.insets)
        case .point:
            guard let (x, y) = pair(node, within: PropertyLimits.offset, named: name, expected: type.expectation) else { return nil }
            return .point(Point(x: x, y: y))
        case .range:
            guard let (low, high) = pair(node, within: PropertyLimits.value, named: name, expected: type.expectation) else {
                return nil
            }
            guard low <= high else {
                report(at: node.location, "invalid range for '\(name)'", expected: "[min, max] with min ≤ max",
                       found: "[\(low.compact), \(high.compact)]")
                return nil
            }
            return .range(low...high)
        case .list(let element):
            // A single value stands for a list of one (`traits: button`).
            let items = node.sequence ?? [node]
            let values = items.map { value(of: $0, as: element, named: name) }
            return values.contains(nil) ? nil : .list(values.compactMap { $0 })
        case .record(let fields):
            return record(node, fields: fields, named: name, base: base?.record)
        case .any:
            return stateValue(node, named: name).flatMap(PropertyValue.init)
        case .formula:
            return sampledFormula(node, named: name)
        }
    }

    // MARK: Numbers

    /// The number written at `node`, or nil after saying what is wrong with it: not a number, not
    /// a finite one (`.nan`, `.inf`, `1e999`), or outside `range`. `expected` describes the whole
    /// property, so that a number inside a size reads "expected a size …".
    private func number(_ node: YAMLNode, within range: ClosedRange<Double>?, named name: String, expected: String) -> Double? {
        guard let value = ScalarReading.number(node) else {
            let found = ScalarReading.isNonFinite(node) ? "\(node.summary) (not a finite number)" : node.summary
            report(at: node.location, "invalid value for '\(name)'", expected: expected, found: found)
            return nil
        }
        if let range, !range.contains(value) {
            report(at: node.location, "value out of range for '\(name)'", expected: expected, found: node.summary)
            return nil
        }
        return value
    }

    /// A whole number within `range`; one too large for any integer is out of range, not "not whole".
    private func integer(_ node: YAMLNode, within range: ClosedRange<Int>?, named name: String, expected: String) -> Int? {
        guard let value = number(node, within: nil, named: name, expected: expected) else { return nil }
        guard value.isWhole else {
            report(at: node.location, "invalid value for '\(name)'", expected: expected, found: node.summary)
            return nil
        }
        let bounds = range.map { Double($0.lowerBound)...Double($0.upperBound) } ?? -1e15...1e15
        guard bounds.contains(value), abs(value) < 1e15 else {
            report(at: node.location, "value out of range for '\(name)'", expected: expected, found: node.summary)
            return nil
        }
        return Int(value)
    }

    /// `[a, b]`: two numbers, each checked and reported where it is written.
    private func pair(_ node: YAMLNode, within range: ClosedRange<Double>, named name: String,
                      expected: String) -> (Double, Double)? {
        guard let items = node.sequence, items.count == 2, items.allSatisfy({ $0.scalar != nil }) else {
            report(at: node.location, "invalid value for '\(name)'", expected: expected, found: node.summary)
            return nil
        }
        let first = number(items[0], within: range, named: name, expected: expected)
        let second = number(items[1], within: range, named: name, expected: expected)
        guard let first, let second else { return nil }
        return (first, second)
    }

    private func duration(_ node: YAMLNode, named name: String) -> Double? {
        let expected = PropertyType.duration.expectation
        guard let seconds = ScalarReading.duration(node) else {
            let found = ScalarReading.isNonFinite(node) ? "\(node.summary) (not a finite number)" : node.summary
            report(at: node.location, "invalid value for '\(name)'", expected: expected, found: found)
            return nil
        }
        guard PropertyLimits.duration.contains(seconds) else {
            report(at: node.location, "value out of range for '\(name)'", expected: expected, found: node.summary)
            return nil
        }
        return seconds
    }

    /// `@key` is looked up later (every locale must define it); `@@` writes a literal `@`.
    func text(_ node: YAMLNode) -> TextValue? {
        guard let scalar = node.scalar, !node.isNull else { return nil }
        let characters = scalar.text
        if characters.hasPrefix("@@") { return .literal(String(characters.dropFirst())) }
        guard characters.hasPrefix("@"), characters.count > 1 else { return .literal(characters) }
        let key = String(characters.dropFirst())
        checkStringKey(key, at: node.location)
        return .localized(key: key)
    }

    /// `[w, h]`, `WxH` or `{width, height}`, each side within `PropertyLimits.length`.
    private func size(_ node: YAMLNode, named name: String) -> Size? {
        let expected = PropertyType.size.expectation
        let sides = PropertyLimits.length
        if node.sequence != nil {
            guard let (width, height) = pair(node, within: sides, named: name, expected: expected) else { return nil }
            return Size(width: width, height: height)
        }
        if let scalar = node.scalar, !node.isNull, let (width, height) = ScalarReading.dimensions(scalar.text) {
            guard sides.contains(width), sides.contains(height) else {
                report(at: node.location, "value out of range for '\(name)'", expected: expected, found: node.summary)
                return nil
            }
            return Size(width: width, height: height)
        }
        if let entries = node.mapping, entries.count == 2, let widthNode = node["width"], let heightNode = node["height"] {
            let width = number(widthNode, within: sides, named: "\(name).width", expected: expected)
            let height = number(heightNode, within: sides, named: "\(name).height", expected: expected)
            guard let width, let height else { return nil }
            return Size(width: width, height: height)
        }
        report(at: node.location, "invalid value for '\(name)'", expected: expected, found: node.summary)
        return nil
    }

    private func font(_ node: YAMLNode, named name: String) -> FontValue? {
        if let style = node.scalar.flatMap({ TextStyle(rawValue: $0.text) }) { return .style(style) }
        if node.scalar != nil, TextStyle(rawValue: node.scalar?.text ?? "") == nil,
           ScalarReading.number(node) != nil || ScalarReading.isNonFinite(node) {
            let size = number(node, within: PropertyLimits.fontSize, named: name, expected: PropertyType.font.expectation)
            return size.map { .custom(Font(size: $0)) }
        }
        guard let entries = node.mapping else {
            let styles = TextStyle.allCases.map(\.rawValue)
            report(at: node.location, "invalid value for '\(name)'", expected: PropertyType.font.expectation,
                   found: node.summary, suggestion: node.scalar.flatMap { NameSuggestion.closest(to: $0.text, among: styles) })
            return nil
        }
        rejectUnknownKeys(in: entries, known: ["size", "weight", "family"], describing: "font '\(name)'")
        var font = Font(size: 17)
        if let sizeNode = node["size"] {
            guard case .number(let size)? = value(of: sizeNode, as: .number(PropertyLimits.fontSize), named: "\(name).size") else {
                return nil
            }
            font.size = size
        }
        if let weightNode = node["weight"] {
            let weights = Font.Weight.allCases.map(\.rawValue)
            guard case .choice(let weight)? = value(of: weightNode, as: .choice(weights), named: "\(name).weight") else { return nil }
            font.weight = Font.Weight(rawValue: weight) ?? .regular
        }
        if let familyNode = node["family"] {
            guard case .string(let family)? = value(of: familyNode, as: .string, named: "\(name).family") else { return nil }
            checkFontFamily(family, at: familyNode)
            font.family = family
        }
        return .custom(font)
    }

    private func insets(_ node: YAMLNode, named name: String) -> EdgeInsets? {
        if node.scalar != nil, !node.isNull {
            let all = number(node, within: PropertyLimits.length, named: name, expected: PropertyType.insets.expectation)
            return all.map { EdgeInsets(all: $0) }
        }
        guard let entries = node.mapping else {
            report(at: node.location, "invalid value for '\(name)'", expected: PropertyType.insets.expectation, found: node.summary)
            return nil
        }
        let edges = ["top", "left", "bottom", "right", "horizontal", "vertical"]
        rejectUnknownKeys(in: entries, known: edges, describing: "insets '\(name)'")
        var lengths: [String: Double] = [:]
        for entry in entries where edges.contains(entry.key) {
            let edge = value(of: entry.value, as: .number(PropertyLimits.length), named: "\(name).\(entry.key)")
            guard case .number(let length)? = edge else {
                return nil
            }
            lengths[entry.key] = length
        }
        // Specific edges win over their axis.
        var insets = EdgeInsets(horizontal: lengths["horizontal"] ?? 0, vertical: lengths["vertical"] ?? 0)
        if let top = lengths["top"] { insets.top = top }
        if let left = lengths["left"] { insets.left = left }
        if let bottom = lengths["bottom"] { insets.bottom = bottom }
        if let right = lengths["right"] { insets.right = right }
        return insets
    }

    private func record(_ node: YAMLNode, fields: [PropertySchema], named name: String,
                        base: [String: PropertyValue]?) -> PropertyValue? {
        guard let entries = node.mapping else {
            report(at: node.location, "invalid value for '\(name)'", expected: PropertyType.record(fields).expectation,
                   found: node.summary)
            return nil
        }
        rejectUnknownKeys(in: entries, known: fields.map(\.name), describing: "'\(name)'")
        var values: [String: PropertyValue] = [:]
        for field in fields {
            if let defaultValue = field.defaultValue { values[field.name] = defaultValue }
        }
        values.merge(base ?? [:]) { _, fromBase in fromBase }
        var valid = true
        for entry in entries {
            guard let field = fields.first(where: { $0.name == entry.key }) else { continue }
            if let decoded = value(of: entry.value, as: field.type, named: "\(name).\(field.name)", base: field.defaultValue) {
                values[field.name] = decoded
            } else {
                valid = false
            }
        }
        return valid ? .record(values) : nil
    }

    /// The nearest allowed word for a mistyped choice or colour name.
    private func suggestion(for node: YAMLNode, as type: PropertyType) -> String? {
        guard let word = node.scalar?.text else { return nil }
        switch type {
        case .choice(let values):
            return NameSuggestion.closest(to: word, among: values)
        case .color:
            let name = word.components(separatedBy: ".alpha(").first ?? word
            return NameSuggestion.closest(to: name, among: SemanticColor.allCases.map(\.rawValue) + [Color.accent.description])
        case .icon:
            return IconNames.suggestion(for: word)
        default:
            return nil
        }
    }

    /// A formula a component evaluates itself (a chart's history), checked as a binding giving a
    /// number is; kept as written.
    private func sampledFormula(_ node: YAMLNode, named name: String) -> PropertyValue? {
        switch writtenValue(of: node, allowsTemplate: false) {
        case .formula(let formula):
            check(formula, expecting: .number, insideActions: false)
            return .string(formula.text)
        case .invalid:
            return nil
        case .literal:
            report(at: node.location, "invalid value for '\(name)'", expected: PropertyType.formula.expectation, found: node.summary)
            return nil
        }
    }
}
