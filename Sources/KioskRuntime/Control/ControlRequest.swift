/// One request on the control socket, decoded from a JSON line such as
/// `{"cmd":"set","target":"gauge.value","value":42}`.
nonisolated public enum ControlRequest: Equatable, Sendable {
    /// Where a screenshot goes: a PNG file the kiosk writes, or base64 PNG in the reply's value.
    public enum ScreenshotDestination: Equatable, Sendable {
        case file(path: String)
        case inline
    }

    /// Set one property of one widget: `target` is "widget.property" ("gauge.value").
    case set(widget: String, property: String, value: JSONValue)
    case get(widget: String, property: String)
    case goto(panel: String)
    case back
    case reload
    case screenshot(ScreenshotDestination)
    case alert(title: String, message: String, buttons: [String])
    /// Stream events (`{"event":…}` lines) to this client until it disconnects.
    case subscribe
    /// Set a `state` variable: `{"cmd":"state","name":"hours","value":3}`.
    case state(name: String, value: JSONValue)
    /// Evaluate a formula against the running kiosk: `{"cmd":"eval","expr":"hours.value / 8"}`.
    case eval(expression: String)

    /// A value for a `push` source: `{"cmd":"data","source":"weather","value":{"temp":21}}`.
    case data(source: String, value: JSONValue)
    /// Wake a dim or black screen and restart the idle time.
    case wake
    /// Blank the screen now.
    case sleep
    /// Report the idle state and the seconds until the next change.
    case idle

    /// The frame figures: fps, frame time p50/p99, damaged pixels per frame, wakeups, RSS.
    case stats

    /// Every command the socket understands, in the order `kiosk ctl` documents them.
    public static let commandNames = ["set", "get", "goto", "back", "reload", "screenshot", "alert", "subscribe", "state", "eval", "data",
                                      "wake", "sleep", "idle", "stats"]

    public var commandName: String {
        switch self {
        case .set: "set"
        case .get: "get"
        case .goto: "goto"
        case .back: "back"
        case .reload: "reload"
        case .screenshot: "screenshot"
        case .alert: "alert"
        case .subscribe: "subscribe"
        case .state: "state"
        case .eval: "eval"
        case .data: "data"
        case .wake: "wake"
        case .sleep: "sleep"
        case .idle: "idle"
        case .stats: "stats"
        }
    }
}

/// Why a request could not be decoded; the text is sent back as the reply's `error`.
nonisolated public struct ControlRequestError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

// MARK: - JSON form

nonisolated extension ControlRequest {
    /// One command as a transport received it — a control-socket line, an MQTT payload — parsed
    /// and decoded the same way for both, with the `"id"` to echo in the reply.
    public static func decode(_ bytes: [UInt8]) -> (request: Result<ControlRequest, ControlRequestError>, id: JSONValue?) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            return (.failure(ControlRequestError(error.description)), nil)
        }
        do {
            return (.success(try ControlRequest(json: json)), json["id"])
        } catch {
            return (.failure(error), json["id"])
        }
    }

    /// Decodes a request object. The optional `"id"` member is not part of the request: the server
    /// echoes it in the reply so a client can match replies to requests.
    public init(json: JSONValue) throws(ControlRequestError) {
        guard case .object = json else {
            throw ControlRequestError("a request must be a JSON object like {\"cmd\":\"get\",\"target\":\"gauge.value\"}")
        }
        guard let command = json["cmd"] else {
            throw ControlRequestError("missing \"cmd\"; known commands: \(Self.commandNames.joined(separator: ", "))")
        }
        guard let name = command.stringValue else {
            throw ControlRequestError("\"cmd\" must be a string, found \(command.typeName)")
        }
        switch name {
        case "set":
            let (widget, property) = try Self.target(in: json)
            guard let value = json["value"] else { throw ControlRequestError("set needs a \"value\"") }
            self = .set(widget: widget, property: property, value: value)
        case "get":
            let (widget, property) = try Self.target(in: json)
            self = .get(widget: widget, property: property)
        case "goto":
            self = .goto(panel: try Self.requiredString("panel", in: json, for: name))
        case "back":
            self = .back
        case "reload":
            self = .reload
        case "screenshot":
            if let path = try Self.optionalString("path", in: json) {
                self = .screenshot(.file(path: path))
            } else {
                self = .screenshot(.inline)
            }
        case "alert":
            let title = try Self.requiredString("title", in: json, for: name)
            let message = try Self.optionalString("message", in: json) ?? ""
            var buttons: [String] = []
            if let list = json["buttons"] {
                guard let elements = list.arrayValue, let names = Optional(elements.compactMap(\.stringValue)),
                      names.count == elements.count
                else { throw ControlRequestError("\"buttons\" must be an array of strings") }
                buttons = names
            }
            self = .alert(title: title, message: message, buttons: buttons.isEmpty ? ["OK"] : buttons)
        case "subscribe":
            self = .subscribe
        case "state":
            let stateName = try Self.requiredString("name", in: json, for: name)
            guard let value = json["value"] else { throw ControlRequestError("state needs a \"value\"") }
            self = .state(name: stateName, value: value)
        case "eval":
            self = .eval(expression: try Self.requiredString("expr", in: json, for: name))
        case "data":
            let source = try Self.requiredString("source", in: json, for: name)
            guard let value = json["value"] else { throw ControlRequestError("data needs a \"value\"") }
            self = .data(source: source, value: value)
        case "wake":
            self = .wake
        case "sleep":
            self = .sleep
        case "idle":
            self = .idle
        case "stats":
            self = .stats
        default:
            throw ControlRequestError(
                "unknown command \"\(name)\"; known commands: \(Self.commandNames.joined(separator: ", "))")
        }
    }

    /// The request as the JSON object a client sends.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["cmd": .string(commandName)]
        switch self {
        case .set(let widget, let property, let value):
            members["target"] = .string("\(widget).\(property)")
            members["value"] = value
        case .get(let widget, let property):
            members["target"] = .string("\(widget).\(property)")
        case .goto(let panel):
            members["panel"] = .string(panel)
        case .screenshot(.file(let path)):
            members["path"] = .string(path)
        case .alert(let title, let message, let buttons):
            members["title"] = .string(title)
            members["message"] = .string(message)
            members["buttons"] = .array(buttons.map(JSONValue.string))
        case .state(let name, let value):
            members["name"] = .string(name)
            members["value"] = value
        case .eval(let expression):
            members["expr"] = .string(expression)
        case .data(let source, let value):
            members["source"] = .string(source)
            members["value"] = value
        case .back, .reload, .screenshot(.inline), .subscribe, .wake, .sleep, .idle, .stats:
            break
        }
        return .object(members)
    }

    /// Splits "widget.property" at its last dot, so widget ids may themselves contain dots.
    public static func splitTarget(_ target: String) throws(ControlRequestError) -> (widget: String, property: String) {
        guard let dot = target.lastIndex(of: "."), dot != target.startIndex, target.index(after: dot) != target.endIndex
        else { throw ControlRequestError("target \"\(target)\" must be \"widget.property\", e.g. \"gauge.value\"") }
        return (String(target[..<dot]), String(target[target.index(after: dot)...]))
    }

    private static func target(in json: JSONValue) throws(ControlRequestError) -> (String, String) {
        let target = try requiredString("target", in: json, for: json["cmd"]?.stringValue ?? "")
        return try splitTarget(target)
    }

    private static func requiredString(_ key: String, in json: JSONValue, for command: String)
        throws(ControlRequestError) -> String
    {
        guard let value = try optionalString(key, in: json) else {
            throw ControlRequestError("\(command) needs a string \"\(key)\"")
        }
        return value
    }

    private static func optionalString(_ key: String, in json: JSONValue) throws(ControlRequestError) -> String? {
        guard let value = json[key], value != .null else { return nil }
        guard let text = value.stringValue else {
            throw ControlRequestError("\"\(key)\" must be a string, found \(value.typeName)")
        }
        return text
    }
}
