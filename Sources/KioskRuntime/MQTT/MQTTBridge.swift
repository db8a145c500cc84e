import FoundationEssentials
import Glibc
import KioskConfig
import KioskGraphics
import KioskPlatform

/// The kiosk on an MQTT broker (the config's `mqtt:` section). It publishes the kiosk's state
/// (retained), every `emit` and the widget properties listed under `mqtt.publish`; it takes the
/// control socket's JSON commands on `<base>/command` and the fleet's `<group>/command`, answered by
/// the same handler as the socket; when allowed, a whole new config on `<base>/config/set`; and,
/// with `home_assistant`, it is a Home Assistant device (`HomeAssistantLink`).
///
/// Everything runs on the kiosk's loop (see `MQTTConnection`); after each reconnect the retained
/// topics are published again and the subscriptions restored.
public final class MQTTBridge {
    /// A command larger than this is answered with an error, unread.
    static let maximumCommandBytes = 64 * 1024

    let spec: MQTTSpec
    let topics: MQTTTopics
    private let connection: MQTTConnection
    private let homeAssistant: HomeAssistantLink
    private let host: PanelHost
    private let handler: PanelControlHandler
    private let idle: IdleBehaviour
    private let scheduler: any Scheduler
    private let logger: Logger
    private let configPath: String
    private let screenshot: () throws -> Surface
    private let startTime: Double
    /// The last value published for each `mqtt.publish` entry.
    private var publishedWidgets: [String: String] = [:]
    private var publishedState: [UInt8]?
    /// The topic filters of the config's `mqtt` sources this connection subscribed to.
    private var sourceSubscriptions: Set<String> = []

    /// Nil when the settings cannot make a client (the log says why); the kiosk runs without MQTT.
    public init?(spec: MQTTSpec, host: PanelHost, handler: PanelControlHandler, idle: IdleBehaviour, scheduler: any Scheduler,
                 logger: Logger, configPath: String, screenshot: @escaping () throws -> Surface,
                 machineID: String? = nil) {
        self.spec = spec
        topics = MQTTTopics(spec: spec, machineID: machineID ?? MQTTTopics.machineID())
        self.host = host
        self.handler = handler
        self.idle = idle
        self.scheduler = scheduler
        self.logger = logger
        self.configPath = configPath
        self.screenshot = screenshot
        startTime = scheduler.now
        let directory = URL(fileURLWithPath: configPath).deletingLastPathComponent()
        var password: String?
        if let file = spec.passwordFile {
            let path = file.hasPrefix("/") ? file : directory.appendingPathComponent(file).path
            // Only a regular file of at most 4 KiB, as the VNC password is; the log says what else it is.
            let bytes: [UInt8]
            do {
                bytes = try RegularFile.contents(of: path, limit: 4096)
            } catch {
                logger.error("mqtt: mqtt.password_file \(error.description); the kiosk stays off the broker")
                return nil
            }
            let text = String(decoding: bytes, as: UTF8.self)
            password = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        }
        func resolve(_ file: String?) -> String? {
            file.map { $0.hasPrefix("/") ? $0 : directory.appendingPathComponent($0).path }
        }
        let settings = MQTTConnection.Settings(
            broker: spec.broker.url, host: spec.broker.host, port: spec.broker.port, clientID: topics.clientID,
            keepalive: Int(spec.keepalive), username: spec.username, password: password,
            tls: spec.broker.usesTLS ? (resolve(spec.caFile), resolve(spec.certFile), resolve(spec.keyFile)) : nil,
            will: (topics.status, Array("offline".utf8)),
            maximumIncomingBytes: max(ConfigPush.maximumBytes, Self.maximumCommandBytes) * 2 + 1024)
        do {
            connection = try MQTTConnection(settings: settings, scheduler: scheduler, logger: logger)
        } catch {
            logger.error("mqtt: \(error); the kiosk stays off the broker")
            return nil
        }
        homeAssistant = HomeAssistantLink(enabled: spec.homeAssistant, topics: topics, connection: connection, host: host,
                                          handler: handler, idle: idle, scheduler: scheduler, logger: logger)
        connection.onConnected = { [unowned self] in connected() }
        connection.onMessage = { [unowned self] message in received(message) }
        connection.onCaughtUp = { [unowned self] in caughtUp() }
        observe()
        connection.start()
    }

    public var isConnected: Bool { connection.isConnected }

    /// Publishes `offline` and leaves the broker (a clean stop: the last will is not needed).
    public func stop() {
        connection.publish(topics.status, Array("offline".utf8), retain: true, qos: 1)
        connection.stop()
    }

    // MARK: Publishing

    private func observe() {
        let previousPanelChange = host.onPanelChange
        host.onPanelChange = { [weak self] from, to in
            previousPanelChange?(from, to)
            self?.publishState()
        }
        let previousEmit = host.onEmit
        host.onEmit = { [weak self] event in
            previousEmit?(event)
            self?.publishEvent(event)
        }
        let previousWidgetEvent = host.onWidgetEvent
        host.onWidgetEvent = { [weak self] event, widget, value in
            previousWidgetEvent?(event, widget, value)
            self?.publishWidgets()
        }
        let previousBoundChange = host.onBoundValuesChange
        host.onBoundValuesChange = { [weak self] in
            previousBoundChange?()
            self?.publishWidgets()
        }
        let previousReload = host.reloadPhaseDidEnd
        host.reloadPhaseDidEnd = { [weak self] phase in
            previousReload?(phase)
            if phase == .laidOut { self?.publishState() }
        }
        idle.addStateObserver { [weak self] _ in self?.publishState() }
    }

    /// The broker took what waited after messages were dropped: the retained topics may hold older
    /// values than the kiosk's, so they are published again.
    private func caughtUp() {
        publishedState = nil
        publishedWidgets = [:]
        publishState()
        publishWidgets()
    }

    private func connected() {
        // Subscriptions first: the broker handles a client's packets in order, so whoever sees
        // `online` can send a command at once and it is heard.
        connection.subscribe(topics.command)
        connection.subscribe(topics.groupCommand)
        if spec.allowConfigPush { connection.subscribe(topics.configSet) }
        sourceSubscriptions = []
        sourcesDidChange()
        connection.publish(topics.status, Array("online".utf8), retain: true, qos: 1)
        publishedState = nil
        publishedWidgets = [:]
        publishState()
        publishWidgets()
        homeAssistant.connected()
    }

    /// The state document: what an operator's dashboard shows for each kiosk.
    var state: JSONValue {
        let idleState: String = switch idle.state {
        case .active: "active"
        case .dimmed: "dimmed"
        case .blanked: "blanked"
        }
        return .object([
            "panel": .string(host.currentPanelID),
            "idle": .string(idleState),
            "appearance": .string(host.appearance.rawValue),
            "locale": .string(host.locale),
            "version": .string(kioskVersion),
            "uptime": .number((scheduler.now - startTime).rounded()),
            // The config running, not the file on disk, which a refused reload or push leaves newer.
            "config_hash": .string(host.config.fingerprint),
        ])
    }

    /// Publishes the state when it changed (uptime alone is no change: it is read on request).
    func publishState() {
        guard connection.isConnected else { return }
        var document = state
        if case .object(var members) = document {
            members["uptime"] = nil
            document = .object(members)
        }
        let fingerprint = Array(document.serialized.utf8)
        guard fingerprint != publishedState else { return }
        publishedState = fingerprint
        connection.publish(topics.state, Array(state.serialized.utf8), retain: true, qos: 1)
    }

    private func publishEvent(_ event: EmittedEvent) {
        connection.publish(topics.event(event.name), Array(event.controlEvent.json.serialized.utf8), qos: 1)
    }

    /// Publishes each `mqtt.publish` property whose value changed since it was last published.
    func publishWidgets() {
        guard connection.isConnected else { return }
        for target in spec.publish {
            guard let (widget, property) = try? ControlRequest.splitTarget(target),
                  let value = host.value(of: property, widget: widget) else { continue }
            let payload = PanelControlHandler.json(value).serialized
            guard publishedWidgets[target] != payload else { continue }
            publishedWidgets[target] = payload
            connection.publish(topics.widget(widget, property), Array(payload.utf8), retain: true)
        }
    }

    // MARK: Receiving

    /// Subscribes to the topics of `mqtt` sources a reload added and leaves those it removed.
    public func sourcesDidChange() {
        guard connection.isConnected else { return }
        let wanted = Set(handler.sources?.mqttSources.map(\.topic.text) ?? [])
        // A source on one of the bridge's own topics shares its subscription: leaving the
        // source must not leave the commands.
        let own: Set<String> = [topics.command, topics.groupCommand, topics.configSet]
        for topic in sourceSubscriptions.subtracting(wanted).subtracting(own) { connection.unsubscribe(topic) }
        for topic in wanted.subtracting(sourceSubscriptions).sorted() { connection.subscribe(topic) }
        sourceSubscriptions = wanted
    }

    /// Hands a message to every `mqtt` source whose topic filter matches it.
    private func deliverToSources(_ message: MQTTMessage) {
        guard let sources = handler.sources else { return }
        for (name, topic) in sources.mqttSources {
            guard let matched = topic.match(message.topic) else { continue }
            sources.receive(message.payload, matched: matched, forSource: name)
        }
    }

    private func received(_ message: MQTTMessage) {
        deliverToSources(message)
        if homeAssistant.receive(message) { return }
        let address = message.responseTopic.map { MQTTReplyAddress(topic: $0, correlationData: message.correlationData) }
            ?? MQTTReplyAddress(topic: topics.reply, correlationData: message.correlationData)
        if message.topic == topics.configSet {
            pushConfig(message.payload, replyTo: address)
        } else if message.topic == topics.command || message.topic == topics.groupCommand {
            // A retained command would run again at every reconnect: commands are acts, not state.
            guard !message.retained else { return }
            command(message.payload, replyTo: address)
        }
    }

    private func command(_ payload: [UInt8], replyTo address: MQTTReplyAddress) {
        guard payload.count <= Self.maximumCommandBytes else {
            reply(.error("command of \(payload.count) bytes refused; at most \(Self.maximumCommandBytes) are accepted"), id: nil,
                  to: address)
            return
        }
        let (decoded, id) = ControlRequest.decode(payload)
        let answer: ControlReply
        switch decoded {
        case .failure(let error):
            answer = .error(error.message)
        case .success(.subscribe):
            answer = .error("over MQTT, subscribe to \(topics.base)/event/# instead")
        case .success(.screenshot):
            answer = publishScreenshot()
        case .success(let request):
            answer = handler.handle(request)
        }
        reply(answer, id: id, to: address)
        publishWidgets()
        publishState()
    }

    /// The PNG goes on `<base>/screenshot` as raw bytes; the reply says how many.
    private func publishScreenshot() -> ControlReply {
        do {
            let png = try screenshot().pngBytes()
            connection.publish(topics.screenshot, png)
            return .ok(.object(["topic": .string(topics.screenshot), "bytes": .number(Double(png.count))]))
        } catch {
            return .error("screenshot failed: \(error)")
        }
    }

    private func pushConfig(_ payload: [UInt8], replyTo address: MQTTReplyAddress) {
        guard !payload.isEmpty else { return }  // clearing a retained message, not a config
        let push = ConfigPush(configPath: configPath, registry: handler.registry)
        switch push.apply(payload) {
        case .refused(let reason):
            logger.warning("mqtt: config push refused: \(reason)")
            reply(.error(reason), id: nil, to: address)
        case .written:
            if let errors = host.reload(path: configPath) {
                reply(.error("written but not reloaded: \(errors.description)"), id: nil, to: address)
            } else {
                logger.notice("mqtt: config pushed to \(configPath) (previous kept as \(configPath).previous)")
                reply(.ok, id: nil, to: address)
            }
        }
    }

    private func reply(_ reply: ControlReply, id: JSONValue?, to address: MQTTReplyAddress) {
        connection.publish(address.topic, Array(reply.json(id: id).serialized.utf8), qos: 1, correlationData: address.correlationData)
    }
}
