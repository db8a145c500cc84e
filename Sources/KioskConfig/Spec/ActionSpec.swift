/// Something a widget event, a panel appearing or an alert button does.
nonisolated public indirect enum ActionSpec: Hashable, Sendable {
    case goto(panel: String, transition: Transition)
    case back
    case set([Assignment])
    case alert(AlertSpec)
    /// Sends an event to control-socket subscribers.
    case emit(event: String, value: ActionValue?)
    case setLocale(String)
    case setAppearance(AppearanceChange)
    /// Runs `actions` once, `delay` seconds from now. With an `id`, replaces a timer of that id.
    case after(id: String?, delay: Double, actions: [ActionSpec])
    /// Runs `actions` every `interval` seconds until cancelled. With an `id`, replaces a timer of that id.
    case every(id: String?, interval: Double, actions: [ActionSpec])
    /// Stops the timer of this id (started by `after`, `every` or a panel's `timers:`).
    case cancel(String)
}

nonisolated public enum Transition: String, Hashable, Sendable, CaseIterable {
    case slide, fade, none
}

nonisolated public enum AppearanceChange: String, Hashable, Sendable, CaseIterable {
    case light, dark, toggle
}

/// A value an action uses: written in the config, or the value the event carries (`$value`:
/// a slider's value, a field's text, a switch's state, an avatar's user id).
nonisolated public enum ActionValue: Hashable, Sendable {
    case literal(PropertyValue)
    case eventValue
}

/// `set: {widget.property: value}`: one property of one widget.
nonisolated public struct Assignment: Hashable, Sendable {
    public var widgetID: String
    public var property: String
    public var value: ActionValue

    public init(widgetID: String, property: String, value: ActionValue) {
        self.widgetID = widgetID
        self.property = property
        self.value = value
    }
}

nonisolated public struct AlertSpec: Hashable, Sendable {
    public var title: TextValue
    public var message: TextValue?
    /// Never empty: an alert written without buttons gets a single "OK".
    public var buttons: [AlertButton]

    public init(title: TextValue, message: TextValue? = nil, buttons: [AlertButton] = [AlertButton(title: .literal("OK"))]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

nonisolated public struct AlertButton: Hashable, Sendable {
    public var title: TextValue
    public var actions: [ActionSpec]

    public init(title: TextValue, actions: [ActionSpec] = []) {
        self.title = title
        self.actions = actions
    }
}
