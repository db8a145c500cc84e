/// The answer to one request: `{"ok":true}`, `{"ok":true,"value":…}` or `{"ok":false,"error":"…"}`.
nonisolated public enum ControlReply: Equatable, Sendable {
    case ok(JSONValue?)
    case error(String)

    public static var ok: ControlReply { .ok(nil) }

    /// The reply line's object; `id` echoes the request's `"id"` when it had one.
    public func json(id: JSONValue? = nil) -> JSONValue {
        var members: [String: JSONValue]
        switch self {
        case .ok(let value):
            members = ["ok": true]
            if let value { members["value"] = value }
        case .error(let message):
            members = ["ok": false, "error": .string(message)]
        }
        if let id { members["id"] = id }
        return .object(members)
    }

    /// Reads a reply line back (the `kiosk ctl` side).
    public init(json: JSONValue) throws(ControlRequestError) {
        guard let ok = json["ok"]?.boolValue else { throw ControlRequestError("reply without \"ok\": \(json.serialized)") }
        if ok {
            self = .ok(json["value"])
        } else {
            self = .error(json["error"]?.stringValue ?? "unknown error")
        }
    }
}

/// Something that happened on the kiosk, sent to every subscriber as `{"event":"tap","widget":"pay"}`.
nonisolated public struct ControlEvent: Equatable, Sendable {
    /// Event name: "tap", "value_changed", "submit", "emit", "panel_changed", or a YAML `emit` name.
    public var name: String
    /// Further members of the event line (widget, property, value, panel…).
    public var fields: [String: JSONValue]

    public init(name: String, fields: [String: JSONValue] = [:]) {
        self.name = name
        self.fields = fields
    }

    public static func tap(widget: String) -> ControlEvent {
        ControlEvent(name: "tap", fields: ["widget": .string(widget)])
    }

    public static func valueChanged(widget: String, property: String, value: JSONValue) -> ControlEvent {
        ControlEvent(name: "value_changed", fields: ["widget": .string(widget), "property": .string(property), "value": value])
    }

    public static func submit(widget: String, value: JSONValue) -> ControlEvent {
        ControlEvent(name: "submit", fields: ["widget": .string(widget), "value": value])
    }

    /// A YAML `emit` action: `name` is the author's event name, `value` its payload.
    public static func emit(_ name: String, value: JSONValue? = nil) -> ControlEvent {
        var fields: [String: JSONValue] = ["name": .string(name)]
        if let value { fields["value"] = value }
        return ControlEvent(name: "emit", fields: fields)
    }

    public static func panelChanged(from previous: String?, to panel: String) -> ControlEvent {
        ControlEvent(name: "panel_changed", fields: ["panel": .string(panel), "from": previous.map(JSONValue.string) ?? .null])
    }

    public var json: JSONValue {
        var members = fields
        members["event"] = .string(name)
        return .object(members)
    }
}

/// What the control socket asks of the live UI. The runtime implements it; every call happens on
/// the main actor between frames, so the handler may touch views directly.
public protocol ControlRequestHandler: AnyObject {
    /// Performs one request (never `.subscribe`, which the server handles itself).
    func handle(_ request: ControlRequest) -> ControlReply
}
