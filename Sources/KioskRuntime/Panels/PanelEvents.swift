import KioskConfig
import KioskGraphics

/// An `emit` action's event, for listeners outside the UI (the control socket, headless stdout).
public struct EmittedEvent: Equatable, Sendable {
    public var name: String
    public var value: PropertyValue?

    public init(name: String, value: PropertyValue? = nil) {
        self.name = name
        self.value = value
    }

    /// The line control-socket subscribers receive: `{"event":"emit","name":"saved","value":3}`.
    public var controlEvent: ControlEvent {
        ControlEvent.emit(name, value: value.map(PropertyValueJSON.json))
    }

    public var jsonLine: String { controlEvent.json.serialized }
}

/// An alert an action asked for, with its texts resolved. The alert component presents it and calls
/// `PanelHost.respondToAlert(buttonIndex:)` when a button is tapped.
public struct AlertRequest: Equatable, Sendable {
    public struct Button: Equatable, Sendable {
        public var title: String
        public var actions: [ActionSpec]
    }

    public var title: String
    public var message: String?
    public var buttons: [Button]
    /// The value of the event whose actions opened the alert: `$value` in the buttons' actions.
    public var eventValue: PropertyValue?
    /// The fonts written in the action; nil: the alert's own (headline, body, body).
    public var titleFont: FontValue?
    public var messageFont: FontValue?
    public var buttonFont: FontValue?
}

/// Property values as JSON members.
nonisolated enum PropertyValueJSON {
    static func json(_ value: PropertyValue) -> JSONValue {
        switch value {
        case .number(let number), .duration(let number): .number(number)
        case .integer(let number): .number(Double(number))
        case .bool(let flag): .bool(flag)
        case .list(let items): .array(items.map(json))
        case .record(let fields): .object(fields.mapValues(json))
        default: .string(value.string ?? PropertyValueFormatter.format(value))
        }
    }
}
