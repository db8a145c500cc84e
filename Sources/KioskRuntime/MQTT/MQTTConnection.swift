import CMosquitto
import FoundationEssentials
import Glibc
import KioskPlatform

/// A connection to one broker, driven by the kiosk's loop: the socket is watched for reading (and
/// for writing while libmosquitto has output queued), a timer does keep-alive, and a lost or refused
/// connection is tried again with backoff. The name lookup and TCP connect run on a worker thread
/// (`BlockingCall`), so the loop never waits for DNS or the broker.
///
/// A problem is logged once, when it starts; the same problem on each retry is not logged again.
///
/// What waits to be sent is bounded. A broker that stops reading (hung, or behind a link that went
/// quiet without closing) would otherwise leave every message the kiosk publishes in libmosquitto
/// until the keep-alive gives up, which may be an hour away. Past `maximumUnsentBytes` new messages
/// are dropped and counted; once the broker has taken most of what waited, `onCaughtUp` lets the
/// owner publish its retained values again.
final class MQTTConnection {
    struct Settings {
        var broker: String
        var host: String
        var port: Int
        var clientID: String
        var keepalive: Int
        var username: String?
        var password: String?
        var tls: (caFile: String?, certFile: String?, keyFile: String?)?
        /// The retained message the broker publishes when the connection dies.
        var will: (topic: String, payload: [UInt8])
        /// The broker drops messages for the kiosk larger than this (MQTT 5 maximum packet size).
        var maximumIncomingBytes: Int
    }

    enum Phase: Equatable {
        case stopped
        /// The worker thread resolves the name and starts the TCP connect.
        case connecting
        /// Connected at TCP level; waiting for the broker's CONNACK.
        case handshaking
        case connected
        case waitingToRetry
    }

    /// Bytes (topics and payloads) queued and not yet written (QoS 0) or acknowledged (QoS 1), at most.
    static let maximumUnsentBytes = 1 << 20
    /// Messages waiting at most: a message id is 16 bits, and small messages would run out of them.
    static let maximumUnsentMessages = 10_000

    private(set) var phase = Phase.stopped
    /// The broker accepted the connection: subscribe and publish retained state here.
    var onConnected: (() -> Void)?
    var onMessage: ((MQTTMessage) -> Void)?
    /// Messages were dropped because too much waited, and the broker has since taken most of it:
    /// retained values published meanwhile may be missing.
    var onCaughtUp: (() -> Void)?

    private let settings: Settings
    private let client: MosquittoClient
    private let scheduler: any Scheduler
    private let logger: Logger
    private var socketSource: EventSourceID?
    private var keepaliveTimer: TimerID?
    private var retryTimer: TimerID?
    private var backoff = ReconnectBackoff()
    /// The problem logged last; nil once connected.
    private var lastProblem: String?
    /// Connections the broker accepted since start.
    private(set) var connectionCount = 0
    /// Messages read and not yet handed on (`deliverArrived`).
    private var arrived: [MQTTMessage] = []
    /// Messages queued and not done with, by libmosquitto's id, with their size.
    private var unsent: [Int32: Int] = [:]
    private(set) var unsentBytes = 0
    /// Messages not queued since too much began to wait.
    private(set) var droppedMessages = 0

    init(settings: Settings, scheduler: any Scheduler, logger: Logger) throws(MQTTError) {
        self.settings = settings
        self.scheduler = scheduler
        self.logger = logger
        client = try MosquittoClient(clientID: settings.clientID)
        try client.setWill(topic: settings.will.topic, payload: settings.will.payload, retain: true)
        if let username = settings.username { try client.setCredentials(username: username, password: settings.password) }
        if let tls = settings.tls { try client.setTLS(caFile: tls.caFile, certFile: tls.certFile, keyFile: tls.keyFile) }
        client.onConnect = { [unowned self] reason in acknowledged(reason) }
        client.onMessage = { [unowned self] message in arrived.append(message) }
        client.onPublished = { [unowned self] messageID in published(messageID) }
    }

    func start() {
        guard phase == .stopped else { return }
        connect()
    }

    /// Says goodbye (the broker then drops the last will) and stops; nothing is retried.
    func stop() {
        if phase == .connected {
            client.disconnect()
            _ = client.loopWrite()
        }
        tearDown()
        if let retryTimer { scheduler.cancelTimer(retryTimer) }
        retryTimer = nil
        phase = .stopped
    }

    var isConnected: Bool { phase == .connected }

    /// Queues a message; nothing is sent while disconnected (state is published again on connect),
    /// nor while too much waits for the broker (see the type's note).
    func publish(_ topic: String, _ payload: [UInt8], retain: Bool = false, qos: Int32 = 0, correlationData: [UInt8]? = nil) {
        guard phase == .connected else { return }
        let size = topic.utf8.count + payload.count
        // A message goes whatever its size when nothing waits: a screenshot may be larger than the bound.
        guard unsent.isEmpty
            || (unsentBytes + size <= Self.maximumUnsentBytes && unsent.count < Self.maximumUnsentMessages) else {
            if droppedMessages == 0 {
                logger.warning("mqtt: the broker \(settings.broker) is not taking messages (\(unsent.count) wait, "
                               + "\(unsentBytes / 1024) KiB); new ones are dropped until it does")
            }
            droppedMessages += 1
            return
        }
        var messageID: Int32 = 0
        let code = client.publish(topic: topic, payload: payload, qos: qos, retain: retain, correlationData: correlationData,
                                  messageID: &messageID)
        if code == MOSQ_ERR_SUCCESS.rawValue {
            unsent[messageID] = size
            unsentBytes += size
        } else {
            logger.warning("mqtt: \(topic) not published: \(MosquittoClient.describe(code))")
        }
        watchSocket()
    }

    /// libmosquitto is done with a message. Once no more than half the bound waits after messages
    /// were dropped, the broker is taking them again.
    private func published(_ messageID: Int32) {
        guard let size = unsent.removeValue(forKey: messageID) else { return }
        unsentBytes -= size
        guard droppedMessages > 0, unsentBytes <= Self.maximumUnsentBytes / 2, unsent.count <= Self.maximumUnsentMessages / 2
        else { return }
        logger.notice("mqtt: the broker \(settings.broker) takes messages again; \(droppedMessages) were dropped meanwhile")
        droppedMessages = 0
        onCaughtUp?()
    }

    /// A new connection starts with nothing waiting: what libmosquitto held for the last one is
    /// resent or gone, and the owner publishes its state again.
    private func forgetUnsent() {
        if droppedMessages > 0 {
            logger.notice("mqtt: \(droppedMessages) messages were dropped while the broker \(settings.broker) did not take them")
        }
        unsent = [:]
        unsentBytes = 0
        droppedMessages = 0
    }

    func subscribe(_ topic: String) {
        guard phase == .connected else { return }
        client.subscribe(topic, qos: 1)
        watchSocket()
    }

    func unsubscribe(_ topic: String) {
        guard phase == .connected else { return }
        client.unsubscribe(topic)
        watchSocket()
    }

    // MARK: Connecting

    private func connect() {
        phase = .connecting
        let (handle, host, port, keepalive, limit) = (client.handle, settings.host, settings.port, settings.keepalive,
                                                      settings.maximumIncomingBytes)
        // The completion holds the client, so the handle outlives the thread even if the kiosk
        // stops the connection meanwhile.
        let client = self.client
        do {
            try BlockingCall.run(on: scheduler, {
                MosquittoClient.connect(handle, host: host, port: port, keepalive: keepalive, maximumPacketBytes: limit)
            }, completion: { [weak self] code in
                withExtendedLifetime(client) { self?.connectReturned(code) }
            })
        } catch {
            failed("\(error)")
        }
    }

    private func connectReturned(_ code: Int32) {
        guard phase == .connecting else {
            // Stopped while the thread ran: close what it opened.
            client.disconnect()
            return
        }
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            failed("cannot connect to \(settings.broker): \(MosquittoClient.describe(code))")
            return
        }
        phase = .handshaking
        watchSocket()
        do {
            // Pings go out when nothing else did for a keepalive; checked four times as often.
            let period = max(1, Double(settings.keepalive) / 4)
            keepaliveTimer = try scheduler.addTimer(after: period, repeating: period) { [weak self] in self?.keepAlive() }
        } catch {
            logger.warning("mqtt: no keep-alive timer: \(error)")
        }
    }

    private func acknowledged(_ reason: Int32) {
        guard reason == 0 else {
            failed("the broker \(settings.broker) refused the connection: \(MosquittoClient.describeReason(reason))"
                + (reason == 134 || reason == 135 || reason == 4 || reason == 5 ? " (check mqtt.username and mqtt.password_file)" : ""))
            return
        }
        forgetUnsent()
        phase = .connected
        connectionCount += 1
        backoff.reset()
        logger.notice("mqtt: connected to \(settings.broker) as \(settings.clientID)")
        lastProblem = nil
        onConnected?()
    }

    // MARK: The socket

    /// Watches the socket for reading, and for writing while output is queued (or the TCP connect
    /// is still pending, which completes as writability).
    private func watchSocket() {
        let socket = client.socket
        guard socket >= 0, phase == .handshaking || phase == .connected else { return }
        let writable = client.wantsWrite
        do {
            if let socketSource {
                try scheduler.setInterest(socketSource, readable: true, writable: writable)
            } else {
                socketSource = try scheduler.addDescriptor(fileDescriptor: socket, readable: true, writable: writable) {
                    [weak self] readable, writable in self?.socketReady(readable: readable, writable: writable)
                }
            }
        } catch {
            failed("the loop cannot watch the broker's socket: \(error)")
        }
    }

    private func socketReady(readable: Bool, writable: Bool) {
        if writable {
            let code = client.loopWrite()
            guard check(code, "writing to") else { return }
        }
        if readable {
            let code = client.loopRead()
            deliverArrived()
            guard check(code, "reading from") else { return }
        }
        watchSocket()
    }

    /// Hands on the messages a read brought, after libmosquitto's read has returned and never from
    /// inside it: a handler may stop this connection (a reload that changes `mqtt:`), which the
    /// library cannot do while it holds its own locks. After a stop the rest are dropped.
    private func deliverArrived() {
        while !arrived.isEmpty, phase == .connected {
            onMessage?(arrived.removeFirst())
        }
        arrived = []
    }

    private func keepAlive() {
        guard check(client.loopMisc(), "keeping alive the connection to") else { return }
        watchSocket()
    }

    /// False after starting over for a failed call.
    private func check(_ code: Int32, _ what: String) -> Bool {
        // The callbacks inside the call may already have failed the connection (a refused CONNACK).
        guard phase == .handshaking || phase == .connected else { return false }
        guard code != MOSQ_ERR_SUCCESS.rawValue else { return true }
        failed("lost the connection to \(settings.broker) (\(what) it: \(MosquittoClient.describe(code)))")
        return false
    }

    // MARK: Retrying

    private func failed(_ problem: String) {
        if problem != lastProblem {
            logger.warning("mqtt: \(problem); retrying")
            lastProblem = problem
        }
        tearDown()
        phase = .waitingToRetry
        let delay = backoff.nextDelay(spread: Double.random(in: 0...1))
        do {
            retryTimer = try scheduler.addTimer(after: delay) { [weak self] in
                guard let self, phase == .waitingToRetry else { return }
                retryTimer = nil
                connect()
            }
        } catch {
            logger.error("mqtt: no retry timer (\(error)); the kiosk stays offline")
        }
    }

    private func tearDown() {
        if let socketSource { scheduler.remove(socketSource) }
        socketSource = nil
        if let keepaliveTimer { scheduler.cancelTimer(keepaliveTimer) }
        keepaliveTimer = nil
    }
}
