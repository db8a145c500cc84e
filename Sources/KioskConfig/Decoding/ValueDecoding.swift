import KioskGraphics

/// Checks one written value against a `PropertyType` and turns it into a `PropertyValue`,
/// reporting what was expected when it does not fit.
nonisolated extension DecodingContext {
    /// `name` is the property's name as it appears in messages (`shadow.radius`); `base` is the
    /// property's default, which a partially written record is completed from.
    func value(of node: YAMLNode, as type: PropertyType, named name: String, base: PropertyValue? = nil) -> PropertyValue? {
        let decoded = decodedValue(of: node, as: type, named: name, base: base)
        if decoded == nil, !isReportedInside(type) {
            report(at: node.location, "invalid value for '\(name)'", expected: type.expectation, found: node.summary,
                   suggestion: suggestion(for: node, as: type))
        }
        return decoded
    }

    /// Records, lists and ranged numbers report their own, more precise mistakes.
    private func isReportedInside(_ type: PropertyType) -> Bool {
        switch type {
        case .record, .list, .number, .integer, .font, .insets, .range: true
        default: false
        }
    }

    private func decodedValue(of node: YAMLNode, as type: PropertyType, named name: String,
                              base: PropertyValue?) -> PropertyValue? {
        switch type {
        case .number(let range):
            guard let value = ScalarReading.number(node) else { return reportType(node, type, name) }
            guard range.map({ $0.contains(value) }) ?? true else { return reportRange(node, type, name) }
            return .number(value)
        case .integer(let range):
            guard let value = ScalarReading.integer(node) else { return reportType(node, type, name) }
            guard range.map({ $0.contains(value) }) ?? true else { return reportRange(node, type, name) }
            return .integer(value)
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
        case .duration:
            return ScalarReading.duration(node).map(PropertyValue.duration)
        case .size:
            return size(node).map(PropertyValue.size)
        case .color:
            return node.scalar.flatMap { Color(parsing: $0.text) }.map(PropertyValue.color)
        case .font:
            return font(node, named: name).map(PropertyValue.font)
        case .insets:
            return insets(node, named: name).map(PropertyValue.insets)
        case .point:
            return ScalarReading.pair(node).map { .point(Point(x: $0.0, y: $0.1)) }
        case .range:
            guard let (low, high) = ScalarReading.pair(node) else { return reportType(node, type, name) }
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
        }
    }

    private func reportType(_ node: YAMLNode, _ type: PropertyType, _ name: String) -> PropertyValue? {
        report(at: node.location, "invalid value for '\(name)'", expected: type.expectation, found: node.summary)
        return nil
    }

    private func reportRange(_ node: YAMLNode, _ type: PropertyType, _ name: String) -> PropertyValue? {
        report(at: node.location, "value out of range for '\(name)'", expected: type.expectation, found: node.summary)
        return nil
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

    private func size(_ node: YAMLNode) -> Size? {
        if let (width, height) = ScalarReading.pair(node), width >= 0, height >= 0 {
            return Size(width: width, height: height)
        }
        if let scalar = node.scalar, let (width, height) = ScalarReading.dimensions(scalar.text) {
            return Size(width: width, height: height)
        }
        if let entries = node.mapping, entries.count == 2, let width = node["width"].flatMap(ScalarReading.number),
           let height = node["height"].flatMap(ScalarReading.number), width >= 0, height >= 0 {
            return Size(width: width, height: height)
        }
        return nil
    }

    private func font(_ node: YAMLNode, named name: String) -> FontValue? {
        if let style = node.scalar.flatMap({ TextStyle(rawValue: $0.text) }) { return .style(style) }
        if let size = ScalarReading.number(node), size > 0, size <= 500 { return .custom(Font(size: size)) }
        guard let entries = node.mapping else {
            let styles = TextStyle.allCases.map(\.rawValue)
            report(at: node.location, "invalid value for '\(name)'", expected: PropertyType.font.expectation,
                   found: node.summary, suggestion: node.scalar.flatMap { NameSuggestion.closest(to: $0.text, among: styles) })
            return nil
        }
        rejectUnknownKeys(in: entries, known: ["size", "weight", "family"], describing: "font '\(name)'")
        var font = Font(size: 17)
        if let sizeNode = node["size"] {
            guard case .number(let size)? = value(of: sizeNode, as: .number(1...500), named: "\(name).size") else { return nil }
            font.size = size
        }
        if let weightNode = node["weight"] {
            let weights = Font.Weight.allCases.map(\.rawValue)
            guard case .choice(let weight)? = value(of: weightNode, as: .choice(weights), named: "\(name).weight") else { return nil }
            font.weight = Font.Weight(rawValue: weight) ?? .regular
        }
        if let familyNode = node["family"] {
            guard case .string(let family)? = value(of: familyNode, as: .string, named: "\(name).family") else { return nil }
            font.family = family
        }
        return .custom(font)
    }

    private func insets(_ node: YAMLNode, named name: String) -> EdgeInsets? {
        if let all = ScalarReading.number(node), all >= 0 { return EdgeInsets(all: all) }
        guard let entries = node.mapping else {
            report(at: node.location, "invalid value for '\(name)'", expected: PropertyType.insets.expectation, found: node.summary)
            return nil
        }
        let edges = ["top", "left", "bottom", "right", "horizontal", "vertical"]
        rejectUnknownKeys(in: entries, known: edges, describing: "insets '\(name)'")
        var lengths: [String: Double] = [:]
        for entry in entries where edges.contains(entry.key) {
            guard case .number(let length)? = value(of: entry.value, as: .number(0...10_000), named: "\(name).\(entry.key)") else {
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
            return NameSuggestion.closest(to: name, among: SemanticColor.allCases.map(\.rawValue))
        default:
            return nil
        }
    }
}
