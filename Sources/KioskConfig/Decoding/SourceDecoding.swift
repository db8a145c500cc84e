import FoundationEssentials
import Glibc
import KioskExpression
import KioskGraphics

/// The top-level `sources:` mapping: `NAME: {http|file|command|push: …}`.
nonisolated extension DecodingContext {
    /// Names an expression reads for something else: a source called so could never be read.
    static let reservedSourceNames: Set<String> = ["now", "panel", "locale", "appearance", "state"]

    func sources(_ node: YAMLNode) -> [SourceSpec] {
        guard let entries = mapping(node, describing: "'sources'") else { return [] }
        return entries.compactMap(source)
    }

    private func source(_ entry: YAMLNode.Entry) -> SourceSpec? {
        let name = entry.key
        guard checkSourceName(name, at: entry.keyLocation) else { return nil }
        let what = "source '\(name)'"
        guard let kinds = entry.value.mapping else {
            report(at: entry.value.location, "\(what) must be a mapping with one of \(Self.kindList)",
                   expected: "e.g. '\(name): {file: {path: \(name).json}}'", found: entry.value.summary)
            return nil
        }
        guard kinds.count == 1, let kindEntry = kinds.first else {
            report(at: entry.value.location, "\(what) must have exactly one of \(Self.kindList)",
                   found: kinds.isEmpty ? "none" : kinds.map { "'\($0.key)'" }.joined(separator: ", "),
                   suggestion: kinds.lazy.compactMap { NameSuggestion.closest(to: $0.key, among: SourceSpec.kinds) }.first)
            return nil
        }
        let body = kindEntry.value
        let kind: SourceSpec.Kind?
        let options: [YAMLNode.Entry]
        switch kindEntry.key {
        case "http":
            options = sourceOptions(body, shorthand: "url", known: ["url", "interval", "timeout", "headers", "format", "max_bytes"],
                                    describing: what)
            kind = http(options, at: body.location, describing: what)
        case "file":
            options = sourceOptions(body, shorthand: "path", known: ["path", "format", "interval", "max_bytes"], describing: what)
            kind = file(options, at: body.location, describing: what)
        case "command":
            options = sourceOptions(body, shorthand: "argv", known: ["argv", "interval", "timeout", "format", "max_bytes"],
                                    describing: what)
            kind = command(options, at: body.location, describing: what)
        case "push":
            // `push: {}`, `push: true` or a bare `push:`.
            if body.isNull || ScalarReading.bool(body) == true {
                options = []
            } else {
                options = sourceOptions(body, shorthand: nil, known: ["max_bytes"], describing: what)
            }
            kind = .push
        case "mqtt":
            options = sourceOptions(body, shorthand: "topic", known: ["topic", "format", "json_path", "max_bytes"], describing: what)
            kind = mqtt(options, at: body.location, describing: what)
            if !hasMQTTSection {
                report(at: kindEntry.keyLocation, "\(what) reads MQTT, but the config has no 'mqtt' section",
                       expected: "a top-level 'mqtt: {broker: mqtt://host:1883}' naming the broker")
            }
        default:
            report(at: kindEntry.keyLocation, "unknown kind of source '\(kindEntry.key)' for \(what)",
                   expected: Self.kindList, suggestion: NameSuggestion.closest(to: kindEntry.key, among: SourceSpec.kinds))
            return nil
        }
        var maximumBytes: Int? = SourceSpec.defaultMaximumBytes
        if let node = options.first(where: { $0.key == "max_bytes" })?.value {
            maximumBytes = self.maximumBytes(node, describing: what)
        }
        guard let kind, let maximumBytes else { return nil }
        return SourceSpec(name: name, kind: kind, maximumBytes: maximumBytes)
    }

    private static var kindList: String { "'http', 'file', 'command', 'push' or 'mqtt'" }

    /// A name expressions can write (`weather.temp`) that means nothing else.
    private func checkSourceName(_ name: String, at location: SourceLocation) -> Bool {
        let isIdentifier = name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        if !isIdentifier {
            report(at: location, "invalid source name '\(name)'",
                   expected: "letters, digits and '_', starting with a letter, so that expressions can read it (e.g. 'weather')")
            return false
        }
        if Self.reservedSourceNames.contains(name) {
            report(at: location, "a source cannot be called '\(name)': expressions already read '\(name)' as something else",
                   expected: "another name")
            return false
        }
        if let widget = widgetTypes[name] {
            report(at: location, "source '\(name)' has the same name as a widget (\(widget.type) at line \(widget.location.line))",
                   expected: "a name no widget has, so that '\(name).…' in an expression means one thing")
            return false
        }
        return true
    }

    /// The options mapping of one source kind; a scalar or a list stands for its main option
    /// (`file: status.json`, `command: [uptime]`, `http: https://…`).
    private func sourceOptions(_ node: YAMLNode, shorthand: String?, known: [String], describing what: String) -> [YAMLNode.Entry] {
        if let entries = node.mapping {
            rejectUnknownKeys(in: entries, known: known, describing: what)
            return entries
        }
        guard let shorthand, !node.isNull else {
            report(at: node.location, "the options of \(what) must be a mapping", expected: "a mapping of key: value",
                   found: node.summary)
            return []
        }
        return [YAMLNode.Entry(key: shorthand, keyLocation: node.location, value: node)]
    }

    private func http(_ options: [YAMLNode.Entry], at location: SourceLocation, describing what: String) -> SourceSpec.Kind? {
        let option = { (key: String) in options.first { $0.key == key }?.value }
        guard let urlNode = required("url", in: option, at: location, describing: what, expected: "an http:// or https:// URL") else {
            return nil
        }
        var url: String?
        if let text = urlNode.scalar?.text.trimmingWhitespace(), !urlNode.isNull {
            let lowered = text.lowercased()
            let scheme = ["http://", "https://"].first { lowered.hasPrefix($0) }
            if scheme == nil || text.count == scheme?.count {
                let written = text.firstIndex(of: ":").map { "'\(text[..<$0])'" }
                report(at: urlNode.location, "invalid URL for \(what)", expected: "an http:// or https:// URL",
                       found: written.map { "the scheme \($0)" } ?? urlNode.summary)
            } else if text.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }) {
                report(at: urlNode.location, "invalid URL for \(what)", expected: "a URL without spaces (write %20)",
                       found: urlNode.summary)
            } else {
                url = text
            }
        } else {
            report(at: urlNode.location, "invalid URL for \(what)", expected: "an http:// or https:// URL", found: urlNode.summary)
        }
        let interval = option("interval").map { self.interval($0, describing: what) } ?? SourceSpec.defaultInterval
        let timeout = option("timeout").map { self.timeout($0, describing: what) } ?? SourceSpec.defaultTimeout
        let headers = option("headers").map { self.headers($0, describing: what) } ?? [:]
        let format = option("format").map { self.format($0, among: [.json, .text], describing: what) } ?? .json
        guard let url, let interval, let timeout, let headers, let format else { return nil }
        return .http(url: url, interval: interval, timeout: timeout, headers: headers, format: format)
    }

    private func file(_ options: [YAMLNode.Entry], at location: SourceLocation, describing what: String) -> SourceSpec.Kind? {
        let option = { (key: String) in options.first { $0.key == key }?.value }
        guard let pathNode = required("path", in: option, at: location, describing: what, expected: "a file path") else { return nil }
        var path: String?
        if let text = pathNode.scalar?.text, !pathNode.isNull, !text.isEmpty, !text.contains("\0") {
            path = text
        } else {
            report(at: pathNode.location, "invalid path for \(what)",
                   expected: "a file path (relative to the config's directory, or absolute)", found: pathNode.summary)
        }
        let format = option("format").map { self.format($0, among: [.json, .yaml, .text, .auto], describing: what) }
            ?? path.map(Self.format(forPath:))
        var interval: Double?
        if let node = option("interval") {
            interval = self.interval(node, describing: what)
            if interval == nil { return nil }
        }
        guard let path, let format else { return nil }
        return .file(path: path, format: format, interval: interval)
    }

    /// `.json` is JSON, `.yaml`/`.yml` YAML, anything else (`/sys/…/temp`, `status.txt`) JSON
    /// when it parses, else text.
    static func format(forPath path: String) -> SourceSpec.Format {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let suffix = fileName.split(separator: ".").count > 1 ? fileName.split(separator: ".").last?.lowercased() : nil
        switch suffix {
        case "json": return .json
        case "yaml", "yml": return .yaml
        default: return .auto
        }
    }

    private func command(_ options: [YAMLNode.Entry], at location: SourceLocation, describing what: String) -> SourceSpec.Kind? {
        let option = { (key: String) in options.first { $0.key == key }?.value }
        let expectedArgv = "a list of words: the program and its arguments, e.g. [cat, /proc/loadavg] (no shell)"
        guard let argvNode = required("argv", in: option, at: location, describing: what, expected: expectedArgv) else {
            return nil
        }
        var argv: [String]?
        if let items = argvNode.sequence {
            let words = items.compactMap { item in item.isNull ? nil : item.scalar?.text }
            if items.isEmpty {
                report(at: argvNode.location, "empty 'argv' for \(what)", expected: expectedArgv)
            } else if words.count != items.count || words[0].isEmpty || words.contains(where: { $0.contains("\0") }) {
                let bad = items.first { $0.isNull || $0.scalar == nil || $0.scalar?.text.contains("\0") == true } ?? items[0]
                report(at: bad.location, "invalid word in 'argv' of \(what)", expected: "a non-empty word", found: bad.summary)
            } else {
                argv = words
            }
        } else {
            report(at: argvNode.location, "invalid 'argv' for \(what)", expected: expectedArgv, found: argvNode.summary)
        }
        let interval = option("interval").map { self.interval($0, describing: what) } ?? SourceSpec.defaultInterval
        let timeout = option("timeout").map { self.timeout($0, describing: what) } ?? SourceSpec.defaultTimeout
        let format = option("format").map { self.format($0, among: [.json, .text, .auto], describing: what) } ?? .auto
        guard let argv, let interval, let timeout, let format else { return nil }
        return .command(argv: argv, interval: interval, timeout: timeout, format: format)
    }

    private func mqtt(_ options: [YAMLNode.Entry], at location: SourceLocation, describing what: String) -> SourceSpec.Kind? {
        let option = { (key: String) in options.first { $0.key == key }?.value }
        let expectedTopic = "an MQTT topic filter, e.g. plant/+/temp"
        guard let topicNode = required("topic", in: option, at: location, describing: what, expected: expectedTopic) else {
            return nil
        }
        var topic: MQTTTopicFilter?
        switch MQTTTopicFilter.parse(topicNode.isNull ? "" : topicNode.scalar?.text ?? "") {
        case .success(let filter): topic = filter
        case .failure(let error):
            report(at: topicNode.location, "invalid topic for \(what): \(error.message)", expected: expectedTopic,
                   found: topicNode.summary)
        }
        let format = option("format").map { self.format($0, among: [.json, .text, .auto], describing: what) } ?? .auto
        var jsonPath: [String]? = []
        if let node = option("json_path") {
            let text = node.isNull ? "" : node.scalar?.text ?? ""
            // `$.reading.value` and `reading.value` are one path: members, or list positions from 0.
            let path = text.hasPrefix("$.") ? String(text.dropFirst(2)) : text
            let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if path.isEmpty || parts.contains(where: \.isEmpty) {
                report(at: node.location, "invalid 'json_path' for \(what)",
                       expected: "members joined by dots, e.g. reading.value or sensors.0.temp", found: node.summary)
                jsonPath = nil
            } else {
                jsonPath = parts
            }
        }
        guard let topic, let format, let jsonPath else { return nil }
        return .mqtt(topic: topic, format: format, jsonPath: jsonPath)
    }

    private func required(_ key: String, in option: (String) -> YAMLNode?, at location: SourceLocation, describing what: String,
                          expected: String) -> YAMLNode? {
        if let node = option(key) { return node }
        report(at: location, "\(what) has no '\(key)'", expected: expected)
        return nil
    }

    private func interval(_ node: YAMLNode, describing what: String) -> Double? {
        seconds(node, named: "interval", within: SourceSpec.minimumInterval...SourceSpec.maximumInterval, describing: what,
                why: "polling faster is a busy loop")
    }

    private func timeout(_ node: YAMLNode, describing what: String) -> Double? {
        seconds(node, named: "timeout", within: SourceSpec.timeoutRange, describing: what, why: nil)
    }

    private func seconds(_ node: YAMLNode, named key: String, within range: ClosedRange<Double>, describing what: String,
                         why: String?) -> Double? {
        let expected = "a duration from \(range.lowerBound.compact)s to \(Self.readable(range.upperBound)) (e.g. 30s, 5min)"
        guard let seconds = ScalarReading.duration(node) else {
            report(at: node.location, "invalid '\(key)' for \(what)", expected: expected, found: node.summary)
            return nil
        }
        guard range.contains(seconds) else {
            let reason = seconds < range.lowerBound ? why.map { " (\($0))" } ?? "" : ""
            report(at: node.location, "'\(key)' of \(what) is out of range\(reason)", expected: expected,
                   found: "\(seconds.compact)s")
            return nil
        }
        return seconds
    }

    private static func readable(_ seconds: Double) -> String {
        seconds >= 3600 && seconds.truncatingRemainder(dividingBy: 3600) == 0 ? "\((seconds / 3600).compact)h"
            : seconds >= 60 && seconds.truncatingRemainder(dividingBy: 60) == 0 ? "\((seconds / 60).compact)min"
            : "\(seconds.compact)s"
    }

    private func format(_ node: YAMLNode, among formats: [SourceSpec.Format], describing what: String) -> SourceSpec.Format? {
        let names = formats.map(\.rawValue)
        if let word = node.scalar?.text, let format = SourceSpec.Format(rawValue: word), formats.contains(format) { return format }
        report(at: node.location, "invalid 'format' for \(what)",
               expected: names.dropLast().joined(separator: ", ") + " or " + names.last!, found: node.summary,
               suggestion: node.scalar.flatMap { NameSuggestion.closest(to: $0.text, among: names) })
        return nil
    }

    /// HTTP header names are tokens, and no value may hold a line break (which would start a
    /// header of its own).
    private func headers(_ node: YAMLNode, describing what: String) -> [String: String]? {
        guard let entries = mapping(node, describing: "'headers' of \(what)") else { return nil }
        var headers: [String: String] = [:]
        var valid = true
        let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for entry in entries {
            guard !entry.key.isEmpty, entry.key.allSatisfy(tokenCharacters.contains) else {
                report(at: entry.keyLocation, "invalid header name '\(entry.key)' in \(what)",
                       expected: "letters, digits and - (e.g. Authorization)")
                valid = false
                continue
            }
            guard let text = entry.value.scalar?.text, !entry.value.isNull,
                  !text.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                report(at: entry.value.location, "invalid value for header '\(entry.key)' of \(what)",
                       expected: "text on one line", found: entry.value.summary)
                valid = false
                continue
            }
            headers[entry.key] = text
        }
        return valid ? headers : nil
    }

    /// `65536`, `64KB`, `2MB` (KB and MB are 1024 and 1024² bytes).
    private func maximumBytes(_ node: YAMLNode, describing what: String) -> Int? {
        let range = SourceSpec.maximumBytesRange
        let expected = "a size in bytes from \(range.lowerBound) to \(range.upperBound / 1024 / 1024)MB (e.g. 65536, 64KB, 2MB)"
        let text = (node.scalar?.text ?? "").trimmingWhitespace().uppercased()
        var bytes: Double?
        for (suffix, unit) in [("KB", 1024.0), ("MB", 1024.0 * 1024), ("B", 1)] where text.hasSuffix(suffix) {
            bytes = Double(text.dropLast(suffix.count).trimmingWhitespace()).map { $0 * unit }
            break
        }
        if bytes == nil, node.scalar?.isPlain == true { bytes = Double(text) }
        guard let bytes, bytes.isFinite, bytes.rounded() == bytes else {
            report(at: node.location, "invalid 'max_bytes' for \(what)", expected: expected, found: node.summary)
            return nil
        }
        guard bytes >= Double(range.lowerBound), bytes <= Double(range.upperBound) else {
            report(at: node.location, "'max_bytes' of \(what) is out of range", expected: expected, found: node.summary)
            return nil
        }
        return Int(bytes)
    }
}
