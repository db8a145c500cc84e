import KioskExpression

/// The `state:` section (`NAME: initial value`) and the names of the `sources:` section, read
/// before the panels so that every formula can be checked where it is written.
nonisolated extension DecodingContext {
    /// `state: {hours: 1, plate: "", paid: false, last: null, items: [], totals: {}}`.
    func stateDeclarations(_ node: YAMLNode) -> [StateDeclaration] {
        guard let entries = mapping(node, describing: "'state'") else { return [] }
        var declarations: [StateDeclaration] = []
        for entry in entries {
            guard Self.isName(entry.key) else {
                report(at: entry.keyLocation, "invalid state name '\(entry.key)'",
                       expected: "a name of letters, digits and _ that does not start with a digit")
                continue
            }
            guard let value = stateValue(entry.value, named: "state.\(entry.key)") else { continue }
            declarations.append(StateDeclaration(name: entry.key, initialValue: value, location: entry.keyLocation))
        }
        return declarations
    }

    /// The names of the `sources:` (their content is read elsewhere): a formula may read any
    /// member of one, and its `stale`, `updated` and `error`.
    func sourceNames(_ node: YAMLNode) -> [String] {
        guard let entries = mapping(node, describing: "'sources'") else { return [] }
        return entries.map(\.key)
    }

    /// A literal as a formula reads it: null, true/false (unquoted), a number (unquoted), a text,
    /// a list or a mapping of them. A formula is not a literal: a state starts from a value.
    func stateValue(_ node: YAMLNode, named name: String) -> ExpressionValue? {
        switch node.content {
        case .scalar(let scalar):
            if node.isNull { return .null }
            if let flag = ScalarReading.bool(node) { return .bool(flag) }
            if scalar.isPlain, let number = ScalarReading.number(node) { return .number(number) }
            if ScalarReading.isNonFinite(node) {
                report(at: node.location, "invalid value for '\(name)'", expected: Self.stateLiteral,
                       found: "\(node.summary) (not a finite number)")
                return nil
            }
            if Formula.parse(scalar.text) != nil {
                report(at: node.location, "invalid value for '\(name)'", expected: Self.stateLiteral + " (not a formula)",
                       found: node.summary)
                return nil
            }
            return .text(Formula.literalText(of: scalar.text))
        case .sequence(let items):
            let values = items.enumerated().map { stateValue($1, named: "\(name)[\($0)]") }
            return values.contains(where: { $0 == nil }) ? nil : .list(values.compactMap { $0 })
        case .mapping(let entries):
            var fields: [String: ExpressionValue] = [:]
            var valid = true
            for entry in entries {
                if let value = stateValue(entry.value, named: "\(name).\(entry.key)") { fields[entry.key] = value } else { valid = false }
            }
            return valid ? .record(fields) : nil
        }
    }

    static let stateLiteral = "a number, a text, true/false, null, a list or a mapping"

    /// Letters, digits and `_`, not starting with a digit (as the formula language reads names): what a formula can write after `state.`.
    static func isName(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || ($0.isASCII && $0.isNumber) || $0 == "_" }
    }
}
