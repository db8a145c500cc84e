import FoundationEssentials
import Glibc
import KioskExpression
import KioskConfig
import KioskPlatform

/// The kiosk as a Home Assistant device, over the bridge's connection (`mqtt.home_assistant`).
/// It keeps the discovery records of `HomeAssistantDiscovery` retained on the broker, publishes
/// the screen's light state, and turns Home Assistant's commands into the control socket's own
/// (`wake`, `sleep`, `goto`, `reload`) through the same handler, so they are checked the same way.
///
/// Off, it removes what an earlier run announced: empty retained payloads on the topics the config
/// would use, and on any other record of this kiosk the broker still keeps (an event name that was
/// gone from the config before the kiosk restarted).
final class HomeAssistantLink {
    private let enabled: Bool
    private let topics: MQTTTopics
    private let connection: MQTTConnection
    private let host: PanelHost
    private let handler: PanelControlHandler
    private let idle: IdleBehaviour
    private let scheduler: any Scheduler
    private let logger: Logger
    /// The discovery records sent since connecting, by topic: a reload sends only those that
    /// changed and clears those the new config no longer has.
    private var announced: [String: String] = [:]
    /// What the screen's topics hold, so an unchanged state is not sent again.
    private var publishedScreen: String?
    private var publishedBrightness: String?

    init(enabled: Bool, topics: MQTTTopics, connection: MQTTConnection, host: PanelHost, handler: PanelControlHandler,
         idle: IdleBehaviour, scheduler: any Scheduler, logger: Logger) {
        self.enabled = enabled
        self.topics = topics
        self.connection = connection
        self.host = host
        self.handler = handler
        self.idle = idle
        self.scheduler = scheduler
        self.logger = logger
        guard enabled else { return }
        idle.addStateObserver { [weak self] _ in self?.publishScreen() }
        idle.addBrightnessObserver { [weak self] _ in self?.publishBrightness() }
        let previousReload = host.reloadPhaseDidEnd
        host.reloadPhaseDidEnd = { [weak self] phase in
            previousReload?(phase)
            // Panels and emits may have changed: the select's options and the triggers follow.
            if phase == .laidOut { self?.announce() }
        }
    }

    /// The broker accepted the connection: announce (or remove) the device, and listen.
    func connected() {
        announced = [:]
        publishedScreen = nil
        publishedBrightness = nil
        // The broker hands back every retained record of this kiosk: those the config in force
        // does not announce are cleared as they arrive (`receive`).
        connection.subscribe(topics.homeAssistantRecords)
        guard enabled else {
            for record in records() { clear(record.topic) }
            // The light's states are Home Assistant's alone, and retained too.
            clear(topics.homeAssistantScreen)
            clear(topics.homeAssistantBrightness)
            return
        }
        for topic in commandTopics { connection.subscribe(topic) }
        connection.subscribe(HomeAssistantDiscovery.birthTopic)
        announce()
        publishScreen()
        publishBrightness()
    }

    /// Takes a message meant for Home Assistant's side; false for any other.
    func receive(_ message: MQTTMessage) -> Bool {
        let text = String(decoding: message.payload, as: UTF8.self).trimmingWhitespace()
        if enabled, commandTopics.contains(message.topic) {
            // A retained command would run again at every reconnect: commands are acts, not state.
            if !message.retained { command(text, on: message.topic) }
            return true
        }
        if enabled, message.topic == HomeAssistantDiscovery.birthTopic {
            // Home Assistant restarted: it may have missed records the broker did not keep.
            if text == "online" {
                announced = [:]
                announce()
            }
            return true
        }
        guard isRecord(message.topic) else { return false }
        // Only retained ones are leftovers: the kiosk's own records come back live, not retained.
        if message.retained, !message.payload.isEmpty, announced[message.topic] == nil {
            clear(message.topic)
        }
        return true
    }

    // MARK: Announcing

    private var commandTopics: [String] {
        [topics.homeAssistantScreenSet, topics.homeAssistantBrightnessSet, topics.homeAssistantPanelSet,
         topics.homeAssistantReload]
    }

    private func records() -> [HomeAssistantRecord] {
        HomeAssistantDiscovery.records(config: host.config, topics: topics, version: kioskVersion)
    }

    /// Sends the records of the config in force that changed, and clears those it no longer has.
    private func announce() {
        guard enabled, connection.isConnected else { return }
        var current: [String: String] = [:]
        for record in records() {
            let payload = record.payload.serialized
            current[record.topic] = payload
            if announced[record.topic] != payload {
                connection.publish(record.topic, Array(payload.utf8), retain: true, qos: 1)
            }
        }
        for topic in announced.keys.sorted() where current[topic] == nil {
            clear(topic)
        }
        announced = current
    }

    /// An empty retained payload: the broker forgets the record and Home Assistant removes it.
    private func clear(_ topic: String) {
        connection.publish(topic, [], retain: true, qos: 1)
    }

    private func isRecord(_ topic: String) -> Bool {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        return levels.count == 5 && levels[0] == HomeAssistantDiscovery.prefix && levels[2] == topics.homeAssistantNode
            && levels[4] == "config"
    }

    // MARK: The screen's state

    /// A dim screen is still on; only a blank one is off.
    private func publishScreen() {
        publish(idle.state == .blanked ? "OFF" : "ON", on: topics.homeAssistantScreen, last: &publishedScreen)
    }

    private func publishBrightness() {
        let percent = Int((idle.brightness * HomeAssistantDiscovery.brightnessScale).rounded())
        publish(String(percent), on: topics.homeAssistantBrightness, last: &publishedBrightness)
    }

    private func publish(_ text: String, on topic: String, last: inout String?) {
        guard enabled, connection.isConnected, text != last else { return }
        last = text
        connection.publish(topic, Array(text.utf8), retain: true, qos: 1)
    }

    // MARK: Commands

    private func command(_ text: String, on topic: String) {
        let request: ControlRequest
        switch topic {
        case topics.homeAssistantScreenSet:
            switch text {
            case "ON": request = .wake
            case "OFF": request = .sleep
            default: return refuse("the screen takes ON or OFF, not '\(text)'")
            }
        case topics.homeAssistantBrightnessSet:
            guard let percent = Double(text), percent.isFinite else {
                return refuse("the brightness is a number from 0 to \(Int(HomeAssistantDiscovery.brightnessScale)), not '\(text)'")
            }
            // Home Assistant sends OFF rather than 0; a 0 that comes anyway means the same.
            guard percent > 0 else { return run(.sleep) }
            // The level holds until `display.brightness` next sets one (a reload that changes it,
            // or a formula whose inputs change).
            idle.setBrightness(min(percent / HomeAssistantDiscovery.brightnessScale, 1))
            return
        case topics.homeAssistantPanelSet:
            request = .goto(panel: text)
        default:
            request = .reload
        }
        run(request)
    }

    /// On the loop's next turn: a message arrives inside libmosquitto's read, and a reload that
    /// changes `mqtt:` stops this connection, which libmosquitto cannot do from there.
    private func run(_ request: ControlRequest) {
        let handler = handler
        let perform = { [weak self] in
            if case .error(let message) = handler.handle(request) { self?.refuse(message) }
        }
        do {
            _ = try scheduler.addTimer(after: 0, perform)
        } catch {
            perform()
        }
    }

    private func refuse(_ problem: String) {
        logger.warning("mqtt: a command from Home Assistant was not carried out: \(problem)")
    }
}
