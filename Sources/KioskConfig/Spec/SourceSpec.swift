/// One entry of the top-level `sources:`: a named value that expressions read (`weather.temp`,
/// `weather.stale`), fetched from a URL, read from a file, printed by a program, or pushed in.
nonisolated public struct SourceSpec: Equatable, Sendable {
    /// How a payload's bytes become a value.
    public enum Format: String, CaseIterable, Equatable, Sendable {
        case json
        case yaml
        /// The payload as text, surrounding whitespace trimmed.
        case text
        /// JSON when the payload parses as JSON, else text: a program printing `42` gives the
        /// number 42, one printing `ok` the text "ok".
        case auto
    }

    public enum Kind: Equatable, Sendable {
        /// GET `url` every `interval` seconds; a response later than `timeout` is a failure.
        case http(url: String, interval: Double, timeout: Double, headers: [String: String], format: Format)
        /// The file at `path` (relative to the config's directory), read each time it changes, and
        /// also every `interval` seconds when one is given (files in /proc and /sys never report a change).
        case file(path: String, format: Format, interval: Double?)
        /// `argv` run without a shell every `interval` seconds; killed after `timeout` seconds.
        case command(argv: [String], interval: Double, timeout: Double, format: Format)
        /// Set by other programs (`kiosk ctl data NAME JSON`, the control socket's `data`).
        case push
        /// Messages on `topic` (an MQTT topic filter: `plant/+/temp`) at the broker of the config's
        /// `mqtt:` section. `jsonPath` picks a part of each payload (`["reading", "value"]`).
        case mqtt(topic: MQTTTopicFilter, format: Format, jsonPath: [String])

        /// `http`, `file`, `command`, `push` or `mqtt`, as written in the config.
        public var name: String {
            switch self {
            case .http: "http"
            case .file: "file"
            case .command: "command"
            case .push: "push"
            case .mqtt: "mqtt"
            }
        }
    }

    public static let kinds = ["http", "file", "command", "push", "mqtt"]
    /// A payload larger than this is refused unless the source says otherwise (`max_bytes`).
    public static let defaultMaximumBytes = 1024 * 1024
    /// What `max_bytes` may be: a payload is held in memory and parsed on the UI thread.
    public static let maximumBytesRange = 1...(16 * 1024 * 1024)
    /// The shortest `interval` of a polled source: anything faster is a busy loop, not a kiosk value.
    public static let minimumInterval = 1.0
    /// The longest `interval`: a day.
    public static let maximumInterval = 86_400.0
    public static let timeoutRange = 0.1...300.0
    public static let defaultTimeout = 10.0
    public static let defaultInterval = 60.0

    public var name: String
    public var kind: Kind
    /// The largest payload accepted, in bytes: a larger response, file, program output or pushed value fails.
    public var maximumBytes: Int

    public init(name: String, kind: Kind, maximumBytes: Int = SourceSpec.defaultMaximumBytes) {
        self.name = name
        self.kind = kind
        self.maximumBytes = maximumBytes
    }
}
