import KioskExpression

nonisolated extension DecodingContext {
    /// Every name a formula of this file may read: each widget id with its members, `state`, the
    /// sources (any member), `now`, `panel`, `locale`, `appearance`, and `$value` inside actions.
    /// Widgets of one type share one member table, so this is linear in the number of widgets.
    func makeCatalogue(insideActions: Bool) -> ExpressionCatalogue {
        var membersByType: [String: [String: ExpressionType]] = [:]
        var objects: [String: [String: ExpressionType]] = [:]
        objects.reserveCapacity(widgetTypes.count + sourceNames.count + 1)
        for (id, declaration) in widgetTypes {
            if let members = membersByType[declaration.type] {
                objects[id] = members
            } else if let schema = registry.schema(for: declaration.type) {
                let members = ExpressionNames.members(of: schema)
                membersByType[declaration.type] = members
                objects[id] = members
            }
        }
        var state: [String: ExpressionType] = [:]
        for declaration in stateDeclarations { state[declaration.name] = declaration.expressionType }
        objects[ExpressionNames.state] = state
        var openMembers: Set<String> = []
        for name in sourceNames {
            objects[name] = ExpressionNames.sourceMembers
            openMembers.insert(name)
        }
        var names = ExpressionNames.globals
        if insideActions { names[ExpressionNames.eventValue] = .any }
        return ExpressionCatalogue(objects: objects, openMembers: openMembers, names: names)
    }
}

nonisolated extension StateDeclaration {
    /// The type a formula reads: the initial value's, or any type for one declared as null.
    var expressionType: ExpressionType { initialValue == .null ? .any : initialValue.type }
}
