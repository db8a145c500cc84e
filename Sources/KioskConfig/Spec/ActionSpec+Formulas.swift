import KioskExpression

nonisolated extension ActionSpec {
    /// The action with every formula in it (and in the actions it runs later) passed through
    /// `transform`: a `list` row fixes its `$item` and `$index` in its template's actions.
    public func mappingFormulas(_ transform: (Formula) -> Formula) -> ActionSpec {
        func mapped(_ spec: FormulaSpec) -> FormulaSpec {
            var spec = spec
            spec.formula = transform(spec.formula)
            return spec
        }
        func mapped(_ value: ActionValue) -> ActionValue {
            if case .formula(let spec) = value { return .formula(mapped(spec)) }
            return value
        }
        func mapped(_ actions: [ActionSpec]) -> [ActionSpec] {
            actions.map { $0.mappingFormulas(transform) }
        }
        switch self {
        case .set(let assignments):
            return .set(assignments.map { Assignment(target: $0.target, value: mapped($0.value)) })
        case .emit(let event, let value):
            return .emit(event: event, value: value.map(mapped))
        case .alert(var alert):
            alert.buttons = alert.buttons.map { AlertButton(title: $0.title, actions: mapped($0.actions)) }
            return .alert(alert)
        case .when(let condition, let then, let otherwise):
            return .when(condition: mapped(condition), then: mapped(then), otherwise: mapped(otherwise))
        case .after(let id, let delay, let actions):
            return .after(id: id, delay: delay, actions: mapped(actions))
        case .every(let id, let interval, let actions):
            return .every(id: id, interval: interval, actions: mapped(actions))
        case .goto, .back, .setLocale, .setAppearance, .cancel, .wake, .sleep:
            return self
        }
    }
}
