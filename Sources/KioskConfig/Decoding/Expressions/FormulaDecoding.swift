import KioskExpression

/// Formulas where values are written: `= …` for any value, and text with `${…}` where a text is
/// expected. Each is parsed and checked where it is written, its problems placed inside it.
nonisolated extension DecodingContext {
    /// What a written value is, as far as formulas go.
    enum WrittenValue {
        /// A formula that parsed (its static problems, if any, are reported).
        case formula(FormulaSpec)
        /// A formula with a syntax error (reported).
        case invalid
        /// Not a formula: a literal (a text's `$${` is unescaped when it is decoded).
        case literal(YAMLNode)
    }

    /// Reads `node` as a formula when its scalar starts with `=`, or, when `allowsTemplate` (a
    /// text is expected), when it has `${…}` parts.
    func writtenValue(of node: YAMLNode, allowsTemplate: Bool) -> WrittenValue {
        guard let scalar = node.scalar else { return .literal(node) }
        let couldBeFormula = scalar.text.hasPrefix("=") || (allowsTemplate && scalar.text.contains("${"))
        guard couldBeFormula, let parsed = Formula.parse(scalar.text) else { return .literal(node) }
        let start = scalar.textStart ?? node.location
        switch parsed {
        case .success(let formula):
            return .formula(FormulaSpec(formula: formula, location: start, columnsFollowText: scalar.textStart != nil))
        case .failure(let problem):
            var place = start
            if scalar.textStart != nil { place.column += max(0, problem.span.offset) }
            report(at: place, problem.message, suggestion: problem.suggestion)
            return .invalid
        }
    }

    /// Whether a value of this type may be written as text with `${…}` parts.
    static func acceptsTemplate(_ type: PropertyType) -> Bool {
        switch type {
        case .text, .string: true
        default: false
        }
    }

    /// The static check of one formula: names, functions, argument counts and types, and `$value`
    /// outside actions. `expecting` is the type the value must have, when only one fits.
    func check(_ spec: FormulaSpec, expecting: ExpressionType?, insideActions: Bool) {
        let catalogue = switch (insideActions, listRowDepth > 0) {
        case (true, true): rowActionCatalogue
        case (true, false): actionCatalogue
        case (false, true): rowCatalogue
        case (false, false): bindingCatalogue
        }
        let (type, problems) = spec.formula.check(against: catalogue, expecting: expecting)
        for problem in problems { report(problem, in: spec) }
        // The language lets a text take any value (shown as text); a colour or a choice is a text
        // that must name one, which a number, a bool, a list or a record never does.
        if expecting == .text, problems.isEmpty, [.number, .bool, .list, .record].contains(type) {
            let start = spec.text.dropFirst().prefix { $0 == " " }.count + 1
            report(at: spec.location(of: ExpressionSpan(offset: start, length: 1)), "expected a text, found \(type.name)")
        }
    }

    func report(_ problem: ExpressionError, in spec: FormulaSpec) {
        report(at: spec.location(of: problem.span), problem.message, suggestion: problem.suggestion)
    }
}
