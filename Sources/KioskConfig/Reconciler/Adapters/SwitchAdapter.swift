import KioskUI

/// `switch`: a `Switch`; `on_change` with the new state.
public struct SwitchAdapter: ComponentAdapter {
    public let type = "switch"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        let toggle = Switch()
        let events = context.events
        _ = toggle.addAction(for: .valueChanged) { control in
            events.send("change", value: .bool((control as? Switch)?.isOn ?? false))
        }
        return toggle
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let toggle = view as? Switch else { return }
        // Set without sending valueChanged: the config saying so is not a person flipping it.
        changes.ifChanged("on") { on in
            let wanted = on?.bool ?? false
            if toggle.isOn != wanted { toggle.setOn(wanted, animated: !changes.isInitial) }
        }
        changes.ifChanged("enabled") { assignIfDifferent(toggle, \.isEnabled, $0?.bool ?? true) }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let toggle = view as? Switch, property == "on" else { return nil }
        return .bool(toggle.isOn)
    }
}
