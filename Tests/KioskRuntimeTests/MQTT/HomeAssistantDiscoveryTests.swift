import Foundation
import Testing
@testable import KioskRuntime

/// `mqtt.home_assistant: true`: a real kiosk process on a real mosquitto broker, watched the way
/// Home Assistant watches it (`homeassistant/#`) and driven through the topics its entities use.
@Suite(.serialized) struct HomeAssistantDiscoveryTests {
    /// What Home Assistant's MQTT discovery requires of each component, plus what this kiosk's
    /// entities cannot work without (a light without a state topic would only guess its state).
    static let requiredFields: [String: [String]] = [
        "light": ["command_topic", "state_topic", "brightness_command_topic", "brightness_state_topic", "brightness_scale"],
        "select": ["command_topic", "options", "state_topic"],
        "sensor": ["state_topic"],
        "button": ["command_topic", "payload_press"],
        "device_automation": ["automation_type", "topic", "type", "subtype", "device"],
    ]
    /// What every entity (not a device trigger) carries.
    static let entityFields = ["unique_id", "name", "device", "availability_topic", "payload_available", "payload_not_available"]

    static func config(broker: LocalBroker, homeAssistant: Bool = true, thirdPanel: Bool = false) -> String {
        """
        display: {size: 320x240}
        mqtt:
          broker: \(broker.url)
          client_id: hall.1
          home_assistant: \(homeAssistant)
        overlay:
          children:
            - {type: button, id: help, title: Help, on_tap: [{emit: help_wanted}]}
        panels:
          home:
            children:
              - type: button
                id: go
                title: Go
                on_tap:
                  - {emit: pressed}
                  - {after: {delay: 1min, do: [{emit: \(thirdPanel ? "much_later" : "later")}]}}
                  - {alert: {title: Sure?, buttons: [{title: OK, actions: [{emit: confirmed}]}]}}
          other:
            on_show: [{emit: other_shown}]
            children:
              - {type: label, text: Other}
        \(thirdPanel ? "  third:\n    children:\n      - {type: label, text: Third}" : "")

        """
    }

    static let base = "kiosk/hall.1"
    static let entities = ["light/hall_1/screen", "select/hall_1/panel", "sensor/hall_1/idle", "button/hall_1/reload"]
    static let events = ["confirmed", "help_wanted", "later", "other_shown", "pressed"]

    static func discovery(_ path: String) -> String { "homeassistant/\(path)/config" }
    static func trigger(_ event: String) -> String { discovery("device_automation/hall_1/event_\(event)") }

    /// The JSON of a `topic payload` line from mosquitto_sub.
    static func payload(_ line: String?) throws -> JSONValue {
        let line = try #require(line)
        let start = try #require(line.firstIndex(of: " "))
        return try JSONParser.parse(String(line[line.index(after: start)...]))
    }

    /// An empty retained payload, which Home Assistant reads as "remove": mosquitto_sub prints
    /// the topic alone, or `(null)` after it.
    static func isCleared(_ line: String, _ topic: String) -> Bool {
        [topic, topic + " ", topic + " (null)"].contains(line)
    }

    @Test func theKioskAppearsAsOneDeviceWithEverythingHomeAssistantRequires() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["homeassistant/#", "\(Self.base)/homeassistant/#"])
        let kiosk = try KioskUnderTest(config: Self.config(broker: broker))
        var devices: [JSONValue] = []
        var uniqueIDs: Set<String> = []
        for path in Self.entities {
            let component = String(path.prefix { $0 != "/" })
            let topic = Self.discovery(path)
            let record = try Self.payload(watch.waitFor(topic))
            for field in Self.requiredFields[component]! + Self.entityFields {
                #expect(record[field] != nil && record[field] != .string(""), "\(topic) lacks \(field): \(record.serialized)")
            }
            #expect(record["availability_topic"] == .string("\(Self.base)/status"))
            if let id = record["unique_id"]?.stringValue { #expect(uniqueIDs.insert(id).inserted, "\(id) twice") }
            devices.append(try #require(record["device"]))
            switch component {
            case "light":
                #expect(record["command_topic"] == .string("\(Self.base)/homeassistant/screen/set"))
                #expect(record["brightness_scale"] == .number(100))
            case "select":
                #expect(record["options"] == .array([.string("home"), .string("other")]))
                #expect(record["state_topic"] == .string("\(Self.base)/state") && record["value_template"] == .string("{{ value_json.panel }}"))
            case "sensor":
                #expect(record["state_topic"] == .string("\(Self.base)/state") && record["value_template"] == .string("{{ value_json.idle }}"))
            default:
                #expect(record["payload_press"] == .string("PRESS"))
            }
        }
        // Every emit of the config, nested and in the overlay included, is a device trigger.
        for event in Self.events {
            let trigger = try Self.payload(watch.waitFor(Self.trigger(event)))
            for field in Self.requiredFields["device_automation"]! {
                #expect(trigger[field] != nil, "\(event)'s trigger lacks \(field): \(trigger.serialized)")
            }
            #expect(trigger["automation_type"] == .string("trigger") && trigger["subtype"] == .string(event))
            #expect(trigger["topic"] == .string("\(Self.base)/event/\(event)"))
            devices.append(try #require(trigger["device"]))
        }
        #expect(watch.transcript.filter { $0.hasPrefix("homeassistant/device_automation/") }.count == Self.events.count,
                "\(watch.transcript)")
        // One device: the same block everywhere, naming the kiosk.
        let device = try #require(devices.first)
        #expect(devices.allSatisfy { $0 == device })
        #expect(device["identifiers"] == .array([.string("hall.1")]) && device["manufacturer"] == .string("KioskKit"))
        #expect(device["sw_version"] == .string(kioskVersion) && device["name"] != nil && device["model"] != nil)
        // The light's state topics hold what its record promises.
        #expect(watch.waitFor("\(Self.base)/homeassistant/screen", containing: "ON") != nil)
        #expect(watch.waitFor("\(Self.base)/homeassistant/brightness", containing: "100") != nil)
        #expect(kiosk.process.isRunning)
    }

    @Test func theLightBlanksAndWakesTheScreenTheSelectChangesPanelAndTheButtonReloads() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["homeassistant/#", "\(Self.base)/#"])
        let kiosk = try KioskUnderTest(config: Self.config(broker: broker))
        #expect(watch.waitFor(Self.discovery("light/hall_1/screen")) != nil)
        #expect(watch.waitFor("\(Self.base)/homeassistant/screen", containing: "ON") != nil)

        try broker.publish("\(Self.base)/homeassistant/screen/set", "OFF")
        #expect(watch.waitFor("\(Self.base)/state", containing: #""idle":"blanked""#) != nil, "\(kiosk.log)")
        #expect(watch.waitFor("\(Self.base)/homeassistant/screen", containing: "OFF") != nil)
        try broker.publish("\(Self.base)/homeassistant/screen/set", "ON")
        #expect(watch.waitFor("\(Self.base)/state", containing: #""idle":"active""#) != nil)
        #expect(watch.waitFor("\(Self.base)/homeassistant/screen", containing: "ON") != nil)
        try broker.publish("\(Self.base)/homeassistant/brightness/set", "40")
        #expect(watch.waitFor("\(Self.base)/homeassistant/brightness", containing: "40") != nil)

        // The select's state is the state document's `panel`, which follows the choice.
        try broker.publish("\(Self.base)/homeassistant/panel/set", "other")
        let state = try Self.payload(watch.waitFor("\(Self.base)/state", containing: #""panel":"other""#))
        #expect(state["panel"] == .string("other"))
        #expect(watch.waitFor("\(Self.base)/event/other_shown") != nil)
        try broker.publish("\(Self.base)/homeassistant/panel/set", "nowhere")
        for _ in 0..<50 where !kiosk.log.contains("no panel 'nowhere'") { usleep(100_000) }
        #expect(kiosk.log.contains("Home Assistant was not carried out: no panel 'nowhere'"), "\(kiosk.log)")

        // The button reloads: a config that does not validate is refused, and the log says so.
        try "panels: {home: {children: [{type: buton}]}}".write(toFile: kiosk.configPath, atomically: true, encoding: .utf8)
        try broker.publish("\(Self.base)/homeassistant/reload", "PRESS")
        let refusal = "Home Assistant was not carried out: the config was not reloaded"
        for _ in 0..<100 where !kiosk.log.contains(refusal) { usleep(100_000) }
        #expect(kiosk.log.contains(refusal) && kiosk.log.contains("buton"), "\(kiosk.log)")
        // After a reload a new panel joins the select, an emit gone from the config loses its
        // trigger and a new one gets its own.
        try Self.config(broker: broker, thirdPanel: true).write(toFile: kiosk.configPath, atomically: true, encoding: .utf8)
        try broker.publish("\(Self.base)/homeassistant/reload", "PRESS")
        let select = try Self.payload(watch.waitFor(Self.discovery("select/hall_1/panel"), containing: "third"))
        #expect(select["options"] == .array([.string("home"), .string("other"), .string("third")]))
        #expect(watch.waitFor(Self.trigger("much_later")) != nil)
        #expect(watch.waitFor { Self.isCleared($0, Self.trigger("later")) } != nil, "\(watch.transcript)")
        #expect(kiosk.process.isRunning)
    }

    @Test func turningTheOptionOffRemovesTheDeviceAndLeftoversOfEarlierRunsGo() throws {
        let broker = try LocalBroker()
        // A trigger an earlier run announced for an emit the config has lost since.
        let leftover = Self.trigger("gone")
        try broker.publish(leftover, #"{"automation_type":"trigger"}"#, retain: true)
        let watch = try broker.subscribe(["homeassistant/#"])
        #expect(watch.waitFor(leftover, containing: "trigger") != nil)
        let kiosk = try KioskUnderTest(config: Self.config(broker: broker))
        let topics = Self.entities.map(Self.discovery) + Self.events.map(Self.trigger)
        for topic in topics { #expect(watch.waitFor(topic, containing: "{") != nil, "\(topic)") }
        #expect(watch.waitFor { Self.isCleared($0, leftover) } != nil, "\(watch.transcript)")

        try Self.config(broker: broker, homeAssistant: false).write(toFile: kiosk.configPath, atomically: true, encoding: .utf8)
        // Pressed in Home Assistant, the reload that turns the option off leaves no device behind.
        try broker.publish("\(Self.base)/homeassistant/reload", "PRESS")
        for topic in topics {
            #expect(watch.waitFor { Self.isCleared($0, topic) } != nil, "\(topic) not cleared: \(watch.transcript)\n\(kiosk.log)")
        }
        // Nothing of the kiosk is left for Home Assistant to find (late removals may still pass by).
        let later = try broker.subscribe(["homeassistant/#"])
        #expect(later.waitFor(seconds: 2) { !$0.hasSuffix(" (null)") } == nil, "\(later.transcript)")
        #expect(kiosk.process.isRunning)
    }
}
