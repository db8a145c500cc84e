import KioskConfig

/// One retained discovery message: Home Assistant makes (or, for an empty payload, removes) the
/// entity or device trigger it describes.
nonisolated struct HomeAssistantRecord: Equatable, Sendable {
    var topic: String
    var payload: JSONValue
}

/// What Home Assistant's MQTT discovery is told about one kiosk (`mqtt.home_assistant: true`): one
/// device with a light for the screen, a select for the panel shown, a sensor for the idle state, a
/// button that reloads the config, and a device trigger for each event the config can emit.
///
/// A pure function of the config, so what a kiosk announces is checked without a broker, and
/// the records of a config that no longer wants them are known for removal.
nonisolated enum HomeAssistantDiscovery {
    /// Home Assistant's default discovery prefix.
    static let prefix = "homeassistant"
    /// Home Assistant announces itself here (`online`) when it starts: the records are sent again,
    /// in case the broker lost its retained messages meanwhile.
    static let birthTopic = "\(prefix)/status"
    /// Brightness is sent and read as a percentage.
    static let brightnessScale = 100.0
    /// What the idle-state sensor can read, as the state document spells it.
    static let idleStates = ["active", "dimmed", "blanked"]

    static func records(config: KioskConfigSpec, topics: MQTTTopics, version: String) -> [HomeAssistantRecord] {
        let node = topics.homeAssistantNode
        let device = JSONValue.object([
            "identifiers": .array([.string(topics.clientID)]),
            "name": .string("Kiosk \(topics.clientID)"),
            "manufacturer": .string("KioskKit"),
            "model": .string("KioskKit kiosk"),
            "sw_version": .string(version),
        ])
        // Everything an entity shares: the device, and `<base>/status`, which the last will turns
        // to `offline` when the kiosk dies.
        func entity(_ component: String, _ object: String, _ name: String, _ fields: [String: JSONValue]) -> HomeAssistantRecord {
            var members = fields
            members["unique_id"] = .string("\(node)_\(object)")
            members["name"] = .string(name)
            members["device"] = device
            members["availability_topic"] = .string(topics.status)
            members["payload_available"] = .string("online")
            members["payload_not_available"] = .string("offline")
            return HomeAssistantRecord(topic: topics.discovery(component, object), payload: .object(members))
        }
        var records = [
            entity("light", "screen", "Screen", [
                "command_topic": .string(topics.homeAssistantScreenSet),
                "state_topic": .string(topics.homeAssistantScreen),
                "payload_on": .string("ON"),
                "payload_off": .string("OFF"),
                "brightness_command_topic": .string(topics.homeAssistantBrightnessSet),
                "brightness_state_topic": .string(topics.homeAssistantBrightness),
                "brightness_scale": .number(brightnessScale),
                "icon": .string("mdi:monitor"),
            ]),
            entity("select", "panel", "Panel", [
                "command_topic": .string(topics.homeAssistantPanelSet),
                "state_topic": .string(topics.state),
                "value_template": .string("{{ value_json.panel }}"),
                "options": .array(config.panels.map { .string($0.id) }),
                "icon": .string("mdi:view-dashboard"),
            ]),
            entity("sensor", "idle", "Idle", [
                "state_topic": .string(topics.state),
                "value_template": .string("{{ value_json.idle }}"),
                "device_class": .string("enum"),
                "options": .array(idleStates.map { .string($0) }),
                "icon": .string("mdi:sleep"),
            ]),
            entity("button", "reload", "Reload config", [
                "command_topic": .string(topics.homeAssistantReload),
                "payload_press": .string("PRESS"),
                "icon": .string("mdi:reload"),
            ]),
        ]
        // A device trigger is no entity: it has no name, id or availability of its own.
        var objects: Set<String> = []
        for name in config.emittedEventNames {
            var object = "event_" + MQTTTopics.discoveryID(name)
            // Two names may clean up alike (`a/b`, `a+b`): the second gets its hash.
            if !objects.insert(object).inserted {
                object += "_" + ConfigFingerprint.of(Array(name.utf8))
                objects.insert(object)
            }
            records.append(HomeAssistantRecord(topic: topics.discovery("device_automation", object), payload: .object([
                "automation_type": .string("trigger"),
                "topic": .string(topics.event(name)),
                "type": .string("event"),
                "subtype": .string(name),
                "device": device,
            ])))
        }
        return records
    }
}

/// The topics of Home Assistant's entities, beside the kiosk's own. The states of the select and
/// the sensor are read from `<base>/state`; the screen has topics of its own because Home
/// Assistant's light wants plain `ON`/`OFF` and a number.
nonisolated extension MQTTTopics {
    /// The client id as Home Assistant's node id: only letters, digits, `_` and `-`.
    var homeAssistantNode: String { Self.discoveryID(clientID) }

    func discovery(_ component: String, _ object: String) -> String {
        "\(HomeAssistantDiscovery.prefix)/\(component)/\(homeAssistantNode)/\(object)/config"
    }

    /// Every discovery record of this kiosk, whatever its component and object.
    var homeAssistantRecords: String { "\(HomeAssistantDiscovery.prefix)/+/\(homeAssistantNode)/+/config" }

    /// `ON` while the screen is awake or dim, `OFF` while blank. Retained.
    var homeAssistantScreen: String { "\(base)/homeassistant/screen" }
    var homeAssistantScreenSet: String { "\(base)/homeassistant/screen/set" }
    /// The awake backlight level, 0 to 100. Retained.
    var homeAssistantBrightness: String { "\(base)/homeassistant/brightness" }
    var homeAssistantBrightnessSet: String { "\(base)/homeassistant/brightness/set" }
    var homeAssistantPanelSet: String { "\(base)/homeassistant/panel/set" }
    var homeAssistantReload: String { "\(base)/homeassistant/reload" }

    /// A name as a discovery id: characters other than ASCII letters, digits, `_` and `-` become `_`.
    static func discoveryID(_ name: String) -> String {
        let cleaned = String(name.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
                ? Character(scalar) : "_"
        })
        return cleaned.isEmpty ? "_" : cleaned
    }
}
