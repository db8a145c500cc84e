import KioskConfig
import KioskExpression

/// What the panel host does with formulas: reading widgets for them, and the actions that
/// evaluate them (`if`, `set` with a formula or on `state.NAME`, `emit` with a formula).
extension PanelHost {
    // MARK: Reading widgets

    /// A widget property as formulas, `get` and `expect` see it: what the view has now (a slider a
    /// person dragged), else the value its binding gave it (unless a `set` came since), else what
    /// a `set` or the config gave it. A widget on a panel not built yet reads as its config
    /// writes it; nothing is built to answer.
    func liveValue(of property: String, widget id: String) -> PropertyValue? {
        if let node = bindings.builtWidget(id) {
            return node.adapter.value(of: property, in: node.view) ?? bindings.boundValue(of: property, on: node)
                ?? node.value(of: property)
        }
        return config.widget(id: id).flatMap { $0.properties[property] }.map(reconciler.resolver.resolve)
    }

    /// A property value as a formula reads it, texts in the current locale.
    func expressionValue(_ value: PropertyValue) -> ExpressionValue {
        value.expressionValue(resolvingText: reconciler.resolver.resolve)
    }

    // MARK: Evaluating for actions and requests

    /// Evaluates a formula as an action (or `kiosk ctl eval`) sees it: `$value` is `eventValue`.
    public func evaluate(_ formula: Formula, eventValue: PropertyValue? = nil) -> Result<ExpressionValue, ExpressionError> {
        bindings.evaluateDirty()
        return formula.evaluate(in: LiveScope(host: self, eventValue: eventValue))
    }

    /// A formula of an action, evaluated; a failure is logged at its place in the file and gives nil.
    func evaluateForAction(_ spec: FormulaSpec, eventValue: PropertyValue?, in action: String) -> ExpressionValue? {
        switch evaluate(spec.formula, eventValue: eventValue) {
        case .success(let value):
            return value
        case .failure(let error):
            let hint = error.suggestion.map { "; did you mean '\($0)'?" } ?? ""
            log("\(spec.location(of: error.span)): \(action): \(error.message)\(hint)")
            return nil
        }
    }

    // MARK: Actions

    /// `if`: runs `then` when the condition holds, `otherwise` when not, before the rest of the
    /// list (as `on_show` runs before the rest of the list that showed its panel). A condition that
    /// cannot be evaluated runs neither (the log says why).
    func runCondition(_ condition: FormulaSpec, then: [ActionSpec], otherwise: [ActionSpec], eventValue: PropertyValue?,
                      navigationDepth: Int) {
        guard let value = evaluateForAction(condition, eventValue: eventValue, in: "if") else { return }
        pendingActions.push(value.isTruthy ? then : otherwise, eventValue: eventValue, navigationDepth: navigationDepth)
    }

    /// `set: {state.NAME: value}`: the value as written, the event's, or a formula's.
    func setState(_ name: String, to value: ActionValue, eventValue: PropertyValue?) {
        guard live.declaresState(name) else {
            log("set state.\(name): no state variable '\(name)'")
            return
        }
        let result: ExpressionValue?
        switch value {
        case .literal(let literal): result = expressionValue(literal)
        case .eventValue: result = eventValue.map(expressionValue)
        case .formula(let spec): result = evaluateForAction(spec, eventValue: eventValue, in: "set state.\(name)")
        }
        if let result { live.setState(name, result) } else if case .eventValue = value {
            log("set state.\(name): the event carries no value")
        }
    }

    /// A formula's value as an action's value (`set` on a widget, `emit`): converted to the
    /// property's kind later, as an event's value is.
    func actionValue(_ spec: FormulaSpec, eventValue: PropertyValue?, in action: String) -> PropertyValue? {
        evaluateForAction(spec, eventValue: eventValue, in: action).flatMap(PropertyValue.init(expression:))
    }
}

extension PropertyValue {
    /// A formula's value as a property value of the kind it has (number, bool, text, list,
    /// record); nil for null.
    init?(expression value: ExpressionValue) {
        switch value {
        case .null: return nil
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .text(let text): self = .text(.literal(text))
        case .list(let items): self = .list(items.map { PropertyValue(expression: $0) ?? .text(.literal("")) })
        case .record(let fields): self = .record(fields.compactMapValues(PropertyValue.init(expression:)))
        }
    }
}
