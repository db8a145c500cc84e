import KioskExpression

nonisolated extension ExpressionCatalogue {
    /// Every name a formula of a config may read: each widget id with its members, `state`, the
    /// sources (any member, and `stale`, `updated`, `error`), `now`, `panel`, `locale`,
    /// `appearance`, and `$value` inside actions. Widgets of one type share one member table, so
    /// this is linear in the number of widgets.
    public static func names(widgets: some Sequence<(id: String, type: String)>, state: [StateDeclaration], sources: [String],
                             registry: ComponentRegistry, insideActions: Bool) -> ExpressionCatalogue {
        var membersByType: [String: [String: ExpressionType]] = [:]
        var objects: [String: [String: ExpressionType]] = [:]
        for (id, type) in widgets {
            if let members = membersByType[type] {
                objects[id] = members
            } else if let schema = registry.schema(for: type) {
                let members = ExpressionNames.members(of: schema)
                membersByType[type] = members
                objects[id] = members
            }
        }
        var stateTypes: [String: ExpressionType] = [:]
        for declaration in state { stateTypes[declaration.name] = declaration.type }
        objects[ExpressionNames.state] = stateTypes
        var openMembers: Set<String> = []
        for name in sources {
            objects[name] = ExpressionNames.sourceMembers
            openMembers.insert(name)
        }
        var names = ExpressionNames.globals
        if insideActions { names[ExpressionNames.eventValue] = .any }
        return ExpressionCatalogue(objects: objects, openMembers: openMembers, names: names)
    }

    /// The names of a loaded config (for a formula checked while the kiosk runs, such as
    /// `kiosk ctl eval`); `sources` are the names of its data sources.
    public init(config: KioskConfigSpec, sources: [String] = [], registry: ComponentRegistry = .standard, insideActions: Bool) {
        var widgets: [(id: String, type: String)] = []
        var pending = config.widgetRoots
        while let widget = pending.popLast() {
            if let id = widget.id { widgets.append((id, widget.type)) }
            pending.append(contentsOf: widget.children)
        }
        self = Self.names(widgets: widgets, state: config.state, sources: sources, registry: registry, insideActions: insideActions)
    }
}

nonisolated extension StateDeclaration {
    /// The type formulas read: the initial value's, or any type for one declared as null.
    public var type: ExpressionType { initialValue == .null ? .any : initialValue.type }
}
