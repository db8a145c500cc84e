import FoundationEssentials
import Glibc
import KioskExpression
import KioskConfig

/// The topics one kiosk uses, from its `mqtt:` settings.
nonisolated struct MQTTTopics: Equatable, Sendable {
    let clientID: String
    let base: String
    let group: String

    init(spec: MQTTSpec, machineID: String) {
        clientID = spec.clientID ?? machineID
        base = spec.baseTopic ?? "kiosk/\(clientID)"
        group = spec.group
    }

    /// `online` while connected; the broker's last will sets `offline`. Retained.
    var status: String { "\(base)/status" }
    /// The kiosk's state as JSON. Retained.
    var state: String { "\(base)/state" }
    var command: String { "\(base)/command" }
    var groupCommand: String { "\(group)/command" }
    /// Replies to commands that gave no MQTT 5 response topic.
    var reply: String { "\(base)/reply" }
    var screenshot: String { "\(base)/screenshot" }
    var configSet: String { "\(base)/config/set" }
    func event(_ name: String) -> String { "\(base)/event/\(Self.level(name))" }
    func widget(_ id: String, _ property: String) -> String { "\(base)/widget/\(Self.level(id))/\(Self.level(property))" }

    /// A name as one topic level: the characters MQTT gives a meaning (`/`, `+`, `#`) become `_`.
    static func level(_ name: String) -> String {
        let cleaned = String(name.map { "/+#\0".contains($0) ? "_" : $0 })
        return cleaned.isEmpty ? "_" : cleaned
    }

    /// `/etc/machine-id` (systemd's stable id of the installation), else the host name.
    static func machineID(file: String = "/etc/machine-id") -> String {
        if let text = try? String(contentsOfFile: file, encoding: .utf8) {
            let id = text.trimmingWhitespace()
            if !id.isEmpty, id.count <= 64, id.allSatisfy({ $0.isLetter || $0.isNumber }) { return id }
        }
        return level(ProcessInfo.processInfo.hostName)
    }
}
