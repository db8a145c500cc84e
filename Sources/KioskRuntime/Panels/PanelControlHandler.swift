import FoundationEssentials
import Glibc
import KioskConfig
import KioskExpression
import KioskGraphics

/// Answers control-socket requests against the live panels. Values sent with `set` are checked
/// like a `set` action in the config (the widget must exist, the value must fit the property), so
/// nothing another program sends can put the kiosk in a state its config could not.
public final class PanelControlHandler: ControlRequestHandler {
    public let host: PanelHost
    let registry: ComponentRegistry
    private let configPath: String?
    /// The only directory `screenshot {"path": …}` may write into: the control socket's own.
    private let runtimeDirectory: String
    /// Renders the screen as it is now, for `screenshot`.
    private let screenshot: () throws -> Surface
    /// Where `data` puts values: the kiosk's sources (nil: the config has none to give).
    public var sources: SourceSet?
    /// What `stats` answers (nil: this kiosk keeps no frame figures).
    public var statistics: (() -> JSONValue)?

    public init(host: PanelHost, registry: ComponentRegistry, configPath: String?, runtimeDirectory: String,
                screenshot: @escaping () throws -> Surface) {
        self.host = host
        self.registry = registry
        self.configPath = configPath
        self.runtimeDirectory = runtimeDirectory
        self.screenshot = screenshot
    }

    public func handle(_ request: ControlRequest) -> ControlReply {
        switch request {
        case .set(let widget, let property, let value):
            return set(widget: widget, property: property, to: value)
        case .get(let widget, let property):
            guard host.node(forWidget: widget) != nil else { return .error(unknownWidget(widget)) }
            guard let value = host.value(of: property, widget: widget) else {
                return .error("widget '\(widget)' has no readable property '\(property)'")
            }
            return .ok(Self.json(value))
        case .goto(let panel):
            guard host.config.panel(id: panel) != nil else {
                let known = host.config.panels.map(\.id)
                let hint = NameSuggestion.closest(to: panel, among: known).map { "; did you mean '\($0)'?" } ?? ""
                return .error("no panel '\(panel)'\(hint)")
            }
            host.goto(panel)
            return .ok
        case .back:
            host.back()
            return .ok
        case .reload:
            guard let configPath else { return .error("this kiosk runs without a config file to reload") }
            if let errors = host.reload(path: configPath) {
                return .error("the config was not reloaded: \(errors.description)")
            }
            return .ok
        case .screenshot(let destination):
            do {
                let png = try screenshot().pngBytes()
                switch destination {
                case .file(let path):
                    return .ok(.string(try RuntimeFile.create(path, in: runtimeDirectory, contents: png)))
                case .inline:
                    return .ok(.string(Data(png).base64EncodedString()))
                }
            } catch let error as RuntimeFileError {
                return .error(error.message)
            } catch {
                return .error("screenshot failed: \(error)")
            }
        case .alert(let title, let message, let buttons):
            let alert = AlertSpec(title: .literal(title), message: message.isEmpty ? nil : .literal(message),
                                  buttons: buttons.isEmpty ? [AlertButton(title: .literal("OK"))]
                                                           : buttons.map { AlertButton(title: .literal($0)) })
            host.run([.alert(alert)])
            return .ok
        case .subscribe:
            return .ok
        case .state(let name, let value):
            return host.controlSetState(name, to: value)
        case .eval(let expression):
            return host.controlEvaluate(expression)
        case .data(let source, let value):
            return pushData(value, to: source)
        case .wake, .sleep, .idle:
            return screenRequest(request)
        case .stats:
            guard let statistics else { return .error("this kiosk keeps no frame statistics") }
            return .ok(statistics())
        }
    }

    /// `wake`, `sleep` and `idle`: the screen's idle behaviour answers.
    private func screenRequest(_ request: ControlRequest) -> ControlReply {
        guard let screen = host.screenControl else { return .error("this kiosk has no idle control") }
        switch request {
        case .wake: screen.wake()
        case .sleep: screen.sleep()
        default: break
        }
        return .ok(screen.report.json)
    }

    /// The value is written as YAML (JSON is YAML) and checked by the config's own action rules:
    /// the same ranges, and the same message as `kiosk check` gives for the same value.
    private func set(widget: String, property: String, to value: JSONValue) -> ControlReply {
        let key = JSONValue.string("\(widget).\(property)").serialized
        let (root, parseErrors) = YAMLParser.parse("{set: {\(key): \(Self.yaml(value))}}", file: "control")
        guard let root, parseErrors.isEmpty else { return .error("cannot read the value \(value.serialized)") }
        switch ActionDecoder(registry: registry).actions(root, in: host.config) {
        case .success(let actions):
            host.run(actions)
            return .ok
        case .failure(let errors):
            return .error(errors.errors.map(Self.describe).joined(separator: "; "))
        }
    }

    /// JSON as YAML. A string that spells a bool (`"yes"`, from `kiosk ctl set X.enabled yes`) is
    /// written unquoted, because YAML reads bools from plain words only; texts read it the same.
    private static func yaml(_ value: JSONValue) -> String {
        if case .string(let text) = value, BoolSpelling.value(text) != nil { return text }
        return value.serialized
    }

    private func pushData(_ value: JSONValue, to source: String) -> ControlReply {
        guard let sources else { return .error("this kiosk has no sources") }
        do {
            try sources.push(source, PayloadDecoder.value(of: value))
            return .ok
        } catch {
            return .error(error.description)
        }
    }

    /// What `kiosk check` says, without the location (which would name the request, not a file).
    private static func describe(_ error: ConfigError) -> String {
        error.detail
    }

    private func unknownWidget(_ widget: String) -> String {
        let known = host.config.widgetRoots.flatMap { Self.ids(in: $0) }
        let hint = NameSuggestion.closest(to: widget, among: known).map { "; did you mean '\($0)'?" } ?? ""
        return "no widget '\(widget)'\(hint)"
    }

    private static func ids(in widget: WidgetSpec) -> [String] {
        (widget.id.map { [$0] } ?? []) + widget.children.flatMap(ids(in:))
    }

    /// A property value as control-socket JSON (and MQTT payloads): written as a config or a
    /// `set` writes it, so that what `get` answers can be sent back with `set`. A size, a point and
    /// a range are `[a, b]`, insets a mapping of their four edges, a font its text style's name or
    /// `{size, weight, family}`, a localized text its `@key`.
    public static func json(_ value: PropertyValue) -> JSONValue {
        switch value {
        case .number(let number), .duration(let number): .number(number)
        case .integer(let number): .number(Double(number))
        case .bool(let flag): .bool(flag)
        case .string(let text), .choice(let text), .text(.literal(let text)): .string(text)
        case .text(.localized(let key)): .string("@" + key)
        case .color(let color): .string(color.description)
        case .size(let size): [.number(size.width), .number(size.height)]
        case .point(let point): [.number(point.x), .number(point.y)]
        case .range(let range): [.number(range.lowerBound), .number(range.upperBound)]
        case .insets(let insets):
            ["top": .number(insets.top), "left": .number(insets.left), "bottom": .number(insets.bottom), "right": .number(insets.right)]
        case .font(.style(let style)): .string(style.rawValue)
        case .font(.custom(let font)): ["size": .number(font.size), "weight": .string(font.weight.rawValue), "family": .string(font.family)]
        case .list(let items): .array(items.map(json))
        case .record(let fields): .object(fields.mapValues(json))
        }
    }
}
