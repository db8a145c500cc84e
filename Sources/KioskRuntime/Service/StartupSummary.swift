/// The one line the kiosk logs when it has started, so `journalctl -u kiosk` shows at a glance
/// what it is driving: "kiosk 0.3.0 started: backend drm, card /dev/dri/card0, connector HDMI-A-1,
/// mode 1920x1080@60, rotation 90°, input 2 devices (ILITEK Multi-Touch, AT Keyboard),
/// config /etc/kiosk/kiosk.yaml".
nonisolated public struct StartupSummary: Equatable, Sendable {
    public var version: String
    public var backend: String
    public var card: String?
    public var connector: String?
    /// As the output describes it, e.g. "1920x1080@60".
    public var mode: String?
    public var rotationDegrees: Int
    public var inputDevices: [String]
    public var configPath: String

    public init(version: String, backend: String, card: String? = nil, connector: String? = nil, mode: String? = nil,
                rotationDegrees: Int = 0, inputDevices: [String] = [], configPath: String)
    {
        self.version = version
        self.backend = backend
        self.card = card
        self.connector = connector
        self.mode = mode
        self.rotationDegrees = rotationDegrees
        self.inputDevices = inputDevices
        self.configPath = configPath
    }

    public var line: String {
        var parts = ["backend \(backend)"]
        if let card { parts.append("card \(card)") }
        // "none yet": a kiosk may start before its display is plugged in.
        parts.append("connector \(connector ?? "none yet")")
        if let mode { parts.append("mode \(mode)") }
        parts.append("rotation \(rotationDegrees)°")
        switch inputDevices.count {
        case 0: parts.append("input none")
        case 1: parts.append("input 1 device (\(inputDevices[0]))")
        default: parts.append("input \(inputDevices.count) devices (\(inputDevices.concatenated(separator: ", ")))")
        }
        parts.append("config \(configPath)")
        return "kiosk \(version) started: " + parts.concatenated(separator: ", ")
    }
}

extension Logger {
    /// Logs the start-up summary at notice level, which the journal keeps by default.
    public func logStartup(_ summary: StartupSummary) {
        notice(summary.line)
    }
}
