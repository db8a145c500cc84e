nonisolated extension KioskConfigSpec {
    /// The name of every `emit` action of the config, sorted, each once: in panels' `on_show` and
    /// `timers:`, in every widget's actions (the overlay's and list rows' templates included), and
    /// in the actions those run later or on a choice (timers, alert buttons, `when`).
    ///
    /// What another program may hear from this kiosk, for a listener that must be told in advance
    /// (Home Assistant's device triggers).
    public var emittedEventNames: [String] {
        var actions = panels.flatMap { $0.onShow + $0.timers.flatMap(\.actions) }
        var widgets = widgetRoots
        while let widget = widgets.popLast() {
            actions.append(contentsOf: widget.actions.values.joined())
            widgets.append(contentsOf: widget.children)
            if let rows = widget.rows { widgets.append(rows.template) }
        }
        var names: Set<String> = []
        while let action = actions.popLast() {
            if case .emit(let event, _) = action { names.insert(event) }
            actions.append(contentsOf: action.nestedActions)
        }
        return names.sorted()
    }
}
