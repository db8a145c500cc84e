/// The `mqtt:` section: the broker the kiosk joins, the topics it uses there, and what it lets the
/// fleet do (push a config, appear in Home Assistant).
nonisolated public struct MQTTSpec: Equatable, Sendable {
    /// `mqtt://host:1883` or `mqtts://host:8883`.
    public struct Broker: Equatable, Sendable {
        public var host: String
        public var port: Int
        public var usesTLS: Bool

        public init(host: String, port: Int, usesTLS: Bool) {
            self.host = host
            self.port = port
            self.usesTLS = usesTLS
        }

        public var url: String { "\(usesTLS ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)" }
    }

    public static let defaultGroup = "kiosk/all"
    public static let defaultKeepalive = 30.0
    /// What `keepalive` may be, in seconds: MQTT carries it in 16 bits.
    public static let keepaliveRange = 5.0...3_600.0

    public var broker: Broker
    /// The CA certificates that sign the broker's certificate (mqtts; the system's when nil).
    public var caFile: String?
    /// A client certificate and its key, for brokers that authenticate clients by certificate.
    public var certFile: String?
    public var keyFile: String?
    /// Nil: the machine id (`/etc/machine-id`).
    public var clientID: String?
    public var username: String?
    /// A file holding the password (its first line), so the config can be shared without it.
    public var passwordFile: String?
    /// Nil: `kiosk/<client_id>`.
    public var baseTopic: String?
    /// Seconds between keep-alive pings when nothing else is sent.
    public var keepalive: Double
    /// The fleet's topic prefix: commands to `<group>/command` reach every kiosk of the group.
    public var group: String
    /// `widget.property` pairs published to `<base>/widget/<id>/<property>` when they change.
    public var publish: [String]
    /// Publish Home Assistant discovery records under `homeassistant/`.
    public var homeAssistant: Bool
    /// Accept a whole new config on `<base>/config/set`.
    public var allowConfigPush: Bool

    public init(broker: Broker, caFile: String? = nil, certFile: String? = nil, keyFile: String? = nil, clientID: String? = nil,
                username: String? = nil, passwordFile: String? = nil, baseTopic: String? = nil,
                keepalive: Double = MQTTSpec.defaultKeepalive, group: String = MQTTSpec.defaultGroup, publish: [String] = [],
                homeAssistant: Bool = false, allowConfigPush: Bool = false) {
        self.broker = broker
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
        self.clientID = clientID
        self.username = username
        self.passwordFile = passwordFile
        self.baseTopic = baseTopic
        self.keepalive = keepalive
        self.group = group
        self.publish = publish
        self.homeAssistant = homeAssistant
        self.allowConfigPush = allowConfigPush
    }

    /// Reads `mqtt://host[:port]` or `mqtts://host[:port]` (`[v6]` for an IPv6 address); nil when
    /// it is neither.
    public static func broker(from url: String) -> Broker? {
        let usesTLS: Bool
        let rest: Substring
        if url.hasPrefix("mqtt://") {
            (usesTLS, rest) = (false, url.dropFirst(7))
        } else if url.hasPrefix("mqtts://") {
            (usesTLS, rest) = (true, url.dropFirst(8))
        } else {
            return nil
        }
        let authority = rest.hasSuffix("/") ? rest.dropLast() : rest
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else {
            let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            host = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
        }
        guard !host.isEmpty, !host.contains("/"), !host.contains("@"), !host.contains(where: \.isWhitespace) else { return nil }
        let port: Int
        if let portText {
            guard let number = Int(portText), (1...65_535).contains(number) else { return nil }
            port = number
        } else {
            port = usesTLS ? 8883 : 1883
        }
        return Broker(host: String(host), port: port, usesTLS: usesTLS)
    }

    /// A topic the kiosk publishes or subscribes under: non-empty, without wildcards, without a
    /// leading or trailing `/` or an empty level.
    public static func isPlainTopic(_ topic: String) -> Bool {
        !topic.isEmpty && topic.utf8.count <= 1024 && !topic.contains("+") && !topic.contains("#") && !topic.contains("\0")
            && !topic.split(separator: "/", omittingEmptySubsequences: false).contains("")
    }
}
