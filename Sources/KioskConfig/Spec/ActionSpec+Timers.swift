nonisolated extension ActionSpec {
    /// The actions this one runs later or on a choice (a timer's, an alert button's), not itself.
    public var nestedActions: [ActionSpec] {
        switch self {
        case .alert(let alert): alert.buttons.flatMap(\.actions)
        case .after(_, _, let actions), .every(_, _, let actions): actions
        case .when(_, let then, let otherwise): then + otherwise
        case .goto, .back, .set, .emit, .setLocale, .setAppearance, .cancel, .wake, .sleep: []
        }
    }

    /// The timer ids `after` and `every` declare in `actions`, at any depth.
    public static func timerIDs(in actions: [ActionSpec]) -> Set<String> {
        var ids: Set<String> = []
        var pending = actions
        while let action = pending.popLast() {
            switch action {
            case .after(let id?, _, _), .every(let id?, _, _): ids.insert(id)
            default: break
            }
            pending.append(contentsOf: action.nestedActions)
        }
        return ids
    }
}

nonisolated extension KioskConfigSpec {
    /// Every timer id the config declares: in actions anywhere, and in panels' `timers:`.
    public var timerIDs: Set<String> {
        var ids: Set<String> = []
        for panel in panels {
            ids.formUnion(panel.timers.compactMap(\.id))
            ids.formUnion(ActionSpec.timerIDs(in: panel.onShow + panel.timers.flatMap(\.actions)))
            var widgets = [panel.root]
            while let widget = widgets.popLast() {
                ids.formUnion(ActionSpec.timerIDs(in: widget.actions.values.flatMap { $0 }))
                widgets.append(contentsOf: widget.children)
            }
        }
        return ids
    }
}
