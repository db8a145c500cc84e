import KioskGraphics

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
    /// `if: {when: "= …", then: […], else: […]}`: runs `then` when the condition is true (in the
    /// sense of truthiness: false, null, 0, "" and [] are false), `otherwise` when it is not.
    case when(condition: FormulaSpec, then: [ActionSpec], otherwise: [ActionSpec])
    /// Runs `actions` once, `delay` seconds from now. With an `id`, replaces a timer of that id.
    case after(id: String?, delay: Double, actions: [ActionSpec])
    /// Runs `actions` every `interval` seconds until cancelled. With an `id`, replaces a timer of that id.
    case every(id: String?, interval: Double, actions: [ActionSpec])
    /// Stops the timer of this id (started by `after`, `every` or a panel's `timers:`).
    case cancel(String)
    /// Wakes a dim or blank screen and restarts the idle time (a motion sensor's source can).
    case wake
    /// Blanks the screen now, as the idle timeout would.
    case sleep
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
    /// `= …` or text with `${…}`, evaluated when the action runs (`$value` is the event's value).
    case formula(FormulaSpec)
}

/// What a `set` changes: a widget's property (`price.text`) or a state variable (`state.hours`).
nonisolated public enum AssignmentTarget: Hashable, Sendable {
    case widget(id: String, property: String)
    case state(String)
}

/// `set: {widget.property: value}` or `set: {state.NAME: value}`: one property of one widget, or
/// one state variable.
nonisolated public struct Assignment: Hashable, Sendable {
    public var target: AssignmentTarget
    public var value: ActionValue

    public init(target: AssignmentTarget, value: ActionValue) {
        self.target = target
        self.value = value
    }

    public init(widgetID: String, property: String, value: ActionValue) {
        self.init(target: .widget(id: widgetID, property: property), value: value)
    }

    public init(state name: String, value: ActionValue) {
        self.init(target: .state(name), value: value)
    }

    /// The target as written before the dot: a widget id, or `state`.
    public var widgetID: String {
        switch target {
        case .widget(let id, _): id
        case .state: "state"
        }
    }

    /// The target as written after the dot: a property, or a state variable's name.
    public var property: String {
        switch target {
        case .widget(_, let property): property
        case .state(let name): name
        }
    }
}

nonisolated public struct AlertSpec: Hashable, Sendable {
    public var title: TextValue
    public var message: TextValue?
    /// Never empty: an alert written without buttons gets a single "OK".
    public var buttons: [AlertButton]
    /// `title_font`, `message_font` and `button_font`; nil where none is written (headline, body
    /// and body are drawn).
    public var titleFont: FontValue?
    public var messageFont: FontValue?
    public var buttonFont: FontValue?

    public init(title: TextValue, message: TextValue? = nil, buttons: [AlertButton] = [AlertButton(title: .literal("OK"))],
                titleFont: FontValue? = nil, messageFont: FontValue? = nil, buttonFont: FontValue? = nil) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.titleFont = titleFont
        self.messageFont = messageFont
        self.buttonFont = buttonFont
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
