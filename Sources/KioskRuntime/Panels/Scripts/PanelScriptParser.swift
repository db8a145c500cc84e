import FoundationEssentials
import Glibc
import KioskConfig
import KioskExpression
import KioskGraphics
import KioskPlatform
import KioskUI

/// Reads a `PanelScript`, reporting mistakes with file:line:column like config errors.
public enum PanelScriptParser {
    static let stepNames = ["do", "tap", "long_press", "drag", "type", "key", "wait", "expect", "snapshot", "data"]
    static let keys: [String: Key] = ["return": .returnKey, "backspace": .backspace, "delete": .delete, "tab": .tab,
                                      "escape": .escape, "left": .left, "right": .right, "up": .up, "down": .down,
                                      "home": .home, "end": .end]
    /// The display sizes a config may declare: a script asks for no surface the kiosk would refuse
    /// (a 0×0 one cannot even be allocated).
    static let sizeRange = PropertyLimits.displaySide

    /// Only a regular file of at most `ConfigLoader.maximumFileSize` is read, as a config is; the
    /// error says what the path is instead (a FIFO, a directory, missing).
    public static func parse(path: String) throws -> PanelScript {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.contents(of: path, limit: ConfigLoader.maximumFileSize)
        } catch {
            throw ConfigErrors([ConfigError(at: SourceLocation(file: path, line: 1, column: 1), "the script \(error.reason)")])
        }
        return try parse(bytes: bytes, file: path)
    }

    public static func parse(bytes: [UInt8], file: String) throws -> PanelScript {
        let (root, syntaxErrors) = YAMLParser.parse(bytes, file: file)
        var errors = syntaxErrors
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent().path
        guard let root, root.mapping != nil else {
            throw ConfigErrors(errors + [ConfigError(at: SourceLocation(file: file, line: 1, column: 1), "a script is a mapping",
                                                     expected: "config and steps")])
        }
        for entry in root.mapping ?? [] where !["config", "size", "appearance", "steps"].contains(entry.key) {
            errors.append(ConfigError(at: entry.keyLocation, "unknown script key '\(entry.key)'",
                                      expected: "config, size, appearance, steps",
                                      suggestion: NameSuggestion.closest(to: entry.key, among: ["config", "size", "appearance", "steps"])))
        }
        var configPath = ""
        if let config = root["config"]?.scalar?.text {
            configPath = config.hasPrefix("/") ? config : directory + "/" + config
        } else {
            errors.append(ConfigError(at: root.location, "the script names no config", expected: "config: path/to/kiosk.yaml"))
        }
        var size: Size?
        if let node = root["size"] {
            let parts = (node.scalar?.text ?? "").lowercased().split(separator: "x", omittingEmptySubsequences: false)
                .map { Double($0.trimmingWhitespace()) }
            if parts.count == 2, let width = parts[0], let height = parts[1],
               [width, height].allSatisfy({ sizeRange.contains($0) && $0.isWhole }) {
                size = Size(width: width, height: height)
            } else {
                errors.append(ConfigError(at: node.location, "invalid size",
                                          expected: "WIDTHxHEIGHT in whole pixels from \(Int(sizeRange.lowerBound)) to \(Int(sizeRange.upperBound))",
                                          found: node.summary))
            }
        }
        var appearance: Appearance?
        if let node = root["appearance"] {
            appearance = node.scalar.flatMap { Appearance(rawValue: $0.text) }
            if appearance == nil {
                errors.append(ConfigError(at: node.location, "invalid appearance", expected: "light or dark", found: node.summary))
            }
        }
        var steps: [PanelScript.Step] = []
        if let list = root["steps"]?.sequence {
            for node in list {
                do { steps.append(try step(node)) } catch {
                    errors.append(error as? ConfigError ?? ConfigError(at: node.location, "\(error)"))
                }
            }
        } else {
            errors.append(ConfigError(at: root.location, "the script has no steps", expected: "steps: a list"))
        }
        guard errors.isEmpty else { throw ConfigErrors(errors) }
        return PanelScript(file: file, configPath: configPath, size: size, appearance: appearance,
                           goldenDirectory: directory + "/Golden", steps: steps)
    }

    private static func step(_ node: YAMLNode) throws -> PanelScript.Step {
        guard let entries = node.mapping, entries.count == 1, let entry = entries.first else {
            throw ConfigError(at: node.location, "a step is a mapping with one key", expected: stepNames.joined(separator: ", "),
                              found: node.summary)
        }
        let value = entry.value
        let summary = entry.key + " " + render(value)
        let kind: PanelScript.Kind
        switch entry.key {
        case "do": kind = .run(value)
        case "tap": kind = .tap(try target(value))
        case "long_press":
            kind = .longPress(try target(value["target"] ?? value), duration: try duration(value["duration"], default: 0.8))
        case "drag":
            guard let to = value["to"] else {
                throw ConfigError(at: value.location, "drag needs 'to'",
                                  expected: "{from: id or [x, y], to: id or [x, y], duration?, release?}")
            }
            var release = true
            if let node = value["release"] {
                guard let flag = node.scalar.flatMap({ BoolSpelling.value($0.text) }) else {
                    throw ConfigError(at: node.location, "invalid release", expected: "true or false", found: node.summary)
                }
                release = flag
            }
            kind = .drag(from: try value["from"].map(target), to: try target(to),
                         duration: try duration(value["duration"], default: 0.3), release: release)
        case "type":
            guard let text = value.scalar?.text else { throw ConfigError(at: value.location, "type wants the text to type") }
            kind = .type(text)
        case "key":
            let name = value.scalar?.text ?? ""
            guard let key = keys[name] ?? (name.count == 1 ? Key.text(name) : nil) else {
                throw ConfigError(at: value.location, "unknown key '\(name)'", expected: keys.keys.sorted().joined(separator: ", "),
                                  suggestion: NameSuggestion.closest(to: name, among: keys.keys))
            }
            kind = .key(key)
        case "wait": kind = .wait(try duration(value, default: 0))
        case "expect": kind = .expect(try expectation(value))
        case "snapshot":
            guard let name = (value["name"] ?? value).scalar?.text, !name.isEmpty else {
                throw ConfigError(at: value.location, "snapshot needs a name", expected: "snapshot: name")
            }
            var tolerance: UInt8 = 2
            if let node = value["tolerance"] {
                guard let level = node.scalar.flatMap({ UInt8($0.text) }) else {
                    throw ConfigError(at: node.location, "invalid tolerance", expected: "a whole number from 0 to 255", found: node.summary)
                }
                tolerance = level
            }
            kind = .snapshot(name: name, tolerance: tolerance)
        case "data":
            guard let source = value["source"]?.scalar?.text, !source.isEmpty, let given = value["value"] else {
                throw ConfigError(at: value.location, "data needs 'source' and 'value'",
                                  expected: "{source: NAME, value: …}", found: value.summary)
            }
            kind = .data(source: source, value: given)
        default:
            throw ConfigError(at: entry.keyLocation, "unknown step '\(entry.key)'", expected: stepNames.joined(separator: ", "),
                              suggestion: NameSuggestion.closest(to: entry.key, among: stepNames))
        }
        return PanelScript.Step(kind: kind, location: entry.keyLocation, summary: summary)
    }

    private static func target(_ node: YAMLNode) throws -> PanelScript.Target {
        if let items = node.sequence, items.count == 2,
           let x = items[0].scalar.flatMap({ Double($0.text) }), let y = items[1].scalar.flatMap({ Double($0.text) }),
           x.isFinite, y.isFinite {
            return .point(Point(x: x, y: y))
        }
        guard let id = node.scalar?.text, !id.isEmpty else {
            throw ConfigError(at: node.location, "invalid target", expected: "a widget id or a point [x, y]", found: node.summary)
        }
        return .widget(id)
    }

    private static func duration(_ node: YAMLNode?, default value: Double) throws -> Double {
        guard let node else { return value }
        let text = node.scalar?.text.trimmingWhitespace() ?? ""
        var seconds = Double(text)
        for (suffix, factor) in [("ms", 0.001), ("min", 60.0), ("s", 1.0)] where seconds == nil && text.hasSuffix(suffix) {
            seconds = Double(text.dropLast(suffix.count)).map { $0 * factor }
        }
        // `Double` also reads "inf" and "nan": a wait that never ends is not a duration.
        guard let seconds, seconds.isFinite, seconds >= 0 else {
            throw ConfigError(at: node.location, "invalid duration", expected: "0.5s, 300ms or a number of seconds, not negative",
                              found: node.summary)
        }
        return seconds
    }

    private static func expectation(_ node: YAMLNode) throws -> PanelScript.Expectation {
        func text(_ key: String) -> String? { node[key].flatMap { $0.isNull ? nil : $0.scalar?.text } }
        if let panel = text("panel") { return .panel(panel) }
        if let widget = text("widget") {
            guard let property = text("property"), let equals = text("equals") else {
                throw ConfigError(at: node.location, "a widget expectation needs 'property' and 'equals'")
            }
            return .property(widget: widget, property: property, equals: equals)
        }
        if let name = text("emitted") { return .emitted(name, value: text("value")) }
        if let label = text("accessibility_label") { return .accessibilityLabel(label) }
        if let title = text("alert") { return .alert(title) }
        if let source = text("source") {
            guard let equals = text("equals") else {
                throw ConfigError(at: node.location, "a source expectation needs 'equals'", expected: "{source, field?, equals}")
            }
            return .source(source, field: text("field"), equals: equals)
        }
        throw ConfigError(at: node.location, "unknown expectation",
                          expected: "{panel}, {widget, property, equals}, {emitted, value?}, {accessibility_label}, {alert} or {source, field?, equals}",
                          found: node.summary)
    }

    /// A node written back compactly, for the report line.
    static func render(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let scalar): scalar.text
        case .sequence(let items): "[" + items.map(render).joined(separator: ", ") + "]"
        case .mapping(let entries): "{" + entries.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
