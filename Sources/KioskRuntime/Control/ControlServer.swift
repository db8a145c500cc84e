import Glibc
import KioskPlatform

/// The control socket: JSON lines over a Unix stream socket, one request per line, one reply line
/// per request, and `{"event":…}` lines streamed to subscribers.
///
/// It never blocks and owns no loop: the runtime registers the descriptors the server announces
/// through `IOInterestRegistry` and calls `handleReadable(_:)` / `handleWritable(_:)` when they
/// are ready. Memory stays bounded per client: a line may be at most `maximumLineLength` bytes; a
/// client stops being read while `replyBackpressureBytes` of its output are unsent (its requests
/// wait in the kernel); a client whose unsent output passes `maximumQueuedBytes` (a subscriber
/// that stopped reading) is disconnected on its own. A client that neither sends nor reads for
/// `idleTimeout` is closed (a subscriber waiting for events is not idle), and at `maximumClients`
/// the least recently active client makes room for a new one, so idle connections cannot lock
/// everyone out.
public final class ControlServer {
    public struct Limits: Sendable {
        public var maximumLineLength = 64 * 1024
        public var maximumQueuedBytes = 1024 * 1024
        public var replyBackpressureBytes = 256 * 1024
        public var readChunkBytes = 64 * 1024
        public var maximumClients = 256
        /// Seconds a client may neither send nor take output before it is closed.
        public var idleTimeout: Double = 60

        public init() {}
    }

    public let path: String
    public let limits: Limits
    /// The listening socket, to be watched for readability for as long as the server runs.
    public let listeningDescriptor: Int32
    public weak var handler: (any ControlRequestHandler)?

    let logger: Logger
    private let registry: any IOInterestRegistry
    private var connections: [Int32: ControlConnection] = [:]
    private var idleClients: IdleClients
    /// The deadline the registry was last asked to wake the server at.
    private var wakeUpDeadline: Double?
    /// One read buffer for every client: reads happen one at a time, and an idle client should
    /// not hold a buffer of its own.
    private var readBuffer: [UInt8]
    private var isClosed = false

    /// The largest unsent output any client has had, for tests and diagnostics.
    public private(set) var peakQueuedBytes = 0
    /// The largest unparsed input any client has had.
    public private(set) var peakBufferedInputBytes = 0
    /// Clients disconnected because they did not read their output.
    public private(set) var droppedSlowClients = 0
    /// Clients closed because they stayed idle for `idleTimeout`, or made room for a new client.
    public private(set) var closedIdleClients = 0

    /// Binds and listens at `path` (mode 0660), replacing a stale socket of this user's but refusing
    /// to steal the socket of a kiosk that is still running, or one that belongs to another user.
    /// The directory is the caller's to choose; `RuntimeDirectory` makes and checks the default one.
    public init(path: String, handler: (any ControlRequestHandler)?, registry: any IOInterestRegistry,
                limits: Limits = Limits(), logger: Logger = .discarding) throws(SocketError)
    {
        self.path = path
        self.limits = limits
        self.handler = handler
        self.registry = registry
        self.logger = logger
        idleClients = IdleClients(timeout: limits.idleTimeout)
        readBuffer = [UInt8](repeating: 0, count: max(limits.readChunkBytes, 1))

        try UnixSocket.claim(path: path)
        let fd = try UnixSocket.makeStreamSocket(path: path, nonBlocking: true)
        do throws(SocketError) {
            let bound = try UnixSocket.withAddress(path) { bind(fd, $0, $1) }
            guard bound == 0 else {
                let code = errno
                throw SocketError(operation: "bind", path: path, code: code,
                                  hint: code == EACCES || code == ENOENT
                                      ? "the directory must exist and be writable (RuntimeDirectory=kiosk in the unit)" : nil)
            }
            // Owner and group only: the group (kiosk) is who may drive the screen.
            guard chmod(path, 0o660) == 0 else { throw SocketError(operation: "chmod", path: path, code: errno) }
            guard listen(fd, 64) == 0 else { throw SocketError(operation: "listen", path: path, code: errno) }
        } catch let failure {
            Glibc.close(fd)
            throw failure
        }
        do throws(LoopError) {
            try registry.setInterest(.readable, for: fd)
        } catch {
            Glibc.close(fd)
            unlink(path)
            throw SocketError(operation: "watch", path: path, code: EMFILE, hint: "\(error)")
        }
        listeningDescriptor = fd
    }

    /// The socket in the kiosk's runtime directory (see `RuntimeDirectory`). Server and
    /// `kiosk ctl` use the same rule, so they meet.
    nonisolated public static func defaultPath(environment: [String: String]) -> String {
        RuntimeDirectory.standard(environment: environment).socketPath
    }

    // Each connection closes its own descriptor when released.
    deinit {
        if !isClosed {
            Glibc.close(listeningDescriptor)
            unlink(path)
        }
    }

    /// Disconnects every client, stops listening and removes the socket file.
    public func close() {
        guard !isClosed else { return }
        for connection in Array(connections.values) { drop(connection) }
        setWakeUp(nil)
        registry.removeInterest(for: listeningDescriptor)
        Glibc.close(listeningDescriptor)
        unlink(path)
        isClosed = true
    }

    public var clientCount: Int { connections.count }
    public var subscriberCount: Int { connections.values.count(where: \.isSubscribed) }

    /// Unsent output of one client (0 for an unknown descriptor).
    public func queuedBytes(forClient descriptor: Int32) -> Int {
        connections[descriptor]?.queuedOutputBytes ?? 0
    }

    /// Memory held for one client's input (0 for an unknown descriptor).
    func inputCapacity(forClient descriptor: Int32) -> Int {
        connections[descriptor]?.inputCapacity ?? 0
    }

    // MARK: Readiness

    public func handleReadable(_ descriptor: Int32) {
        if descriptor == listeningDescriptor {
            acceptClients()
            return
        }
        guard let connection = connections[descriptor] else { return }
        // Not asked for after the end of its input: readiness now is the hang-up epoll always
        // reports. The client is gone for good (a subscriber too), and left registered it would
        // wake the loop forever.
        if connection.reachedEndOfInput {
            drop(connection)
            return
        }
        switch connection.read(using: &readBuffer) {
        case .received:
            noteActivity(of: connection)
            peakBufferedInputBytes = max(peakBufferedInputBytes, connection.bufferedInputBytes)
            service(connection)
        case .endOfInput, .wouldBlock:
            service(connection)
        case .failed(let code):
            logger.debug("control client \(descriptor): read failed: \(String(cString: strerror(code)))")
            drop(connection)
        }
    }

    public func handleWritable(_ descriptor: Int32) {
        guard let connection = connections[descriptor] else { return }
        let queued = connection.queuedOutputBytes
        if case .failed = connection.flush() {
            drop(connection)
            return
        }
        if connection.queuedOutputBytes < queued { noteActivity(of: connection) }
        service(connection)
    }

    /// Closes the clients that stayed idle too long; the registry calls it at the deadline it was given.
    public func handleWakeUp() {
        wakeUpDeadline = nil
        let now = registry.now
        for descriptor in idleClients.timedOut(at: now) {
            guard let connection = connections[descriptor] else { continue }
            closedIdleClients += 1
            logger.debug("control client \(descriptor) closed: idle for \(Int(limits.idleTimeout)) s")
            drop(connection)
        }
        armWakeUp()
    }

    // MARK: Events

    /// Sends one event line to every subscriber, in the order events are broadcast.
    public func broadcast(event: ControlEvent) {
        let subscribers = connections.values.filter(\.isSubscribed)
        guard !subscribers.isEmpty else { return }
        let line = event.json.serialized
        for subscriber in subscribers where !subscriber.isClosed {
            send(line, to: subscriber)
            if !subscriber.isClosed { updateInterest(subscriber) }
        }
    }

    // MARK: Internals

    private func acceptClients() {
        while true {
            let fd = accept(listeningDescriptor, nil, nil)
            guard fd >= 0 else {
                let code = errno
                if code != EAGAIN && code != EWOULDBLOCK && code != EINTR {
                    logger.warning("control socket \(path): accept failed: \(String(cString: strerror(code)))")
                }
                return
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            let connection = ControlConnection(descriptor: fd, maximumLineLength: limits.maximumLineLength)
            if connections.count >= limits.maximumClients && !makeRoom() {
                connection.enqueue(ControlReply.error("too many control clients (\(limits.maximumClients)); try again later").json().serialized)
                _ = connection.flush()
                connection.close()
                continue
            }
            connections[fd] = connection
            noteActivity(of: connection)
            updateInterest(connection)
        }
    }

    /// Closes the least recently active client, telling it why, so a new one gets its slot.
    /// False when every client is a subscriber waiting for events: those are kept.
    private func makeRoom() -> Bool {
        guard let oldest = idleClients.oldest, let connection = connections[oldest] else { return false }
        let idle = idleClients.idleTime(of: oldest, at: registry.now) ?? 0
        logger.info("control client \(oldest) closed to make room for a new one (\(limits.maximumClients) clients; "
            + "it was idle for \(Int(idle)) s)")
        connection.enqueue(ControlReply.error("closed to make room for a new control client: "
            + "\(limits.maximumClients) are connected and this one was the least active").json().serialized)
        _ = connection.flush()
        closedIdleClients += 1
        drop(connection)
        return true
    }

    // MARK: Idle clients

    private func noteActivity(of connection: ControlConnection) {
        guard !isWaitingForEvents(connection) else { return }
        idleClients.noteActivity(of: connection.descriptor, at: registry.now)
        armWakeUp()
    }

    /// A subscriber with nothing left to read is waiting for us, not idle.
    private func isWaitingForEvents(_ connection: ControlConnection) -> Bool {
        connection.isSubscribed && connection.queuedOutputBytes == 0
    }

    /// Keeps the tracked set in step with what the client is doing now.
    private func updateIdleTracking(_ connection: ControlConnection) {
        if isWaitingForEvents(connection) {
            idleClients.remove(connection.descriptor)
        } else {
            // A subscriber's idle time starts when it has something to read.
            idleClients.track(connection.descriptor, at: registry.now)
        }
        armWakeUp()
    }

    /// Asks for a wake-up at the oldest client's deadline, unless one is already due no later:
    /// activity only moves deadlines later, so most requests cost no timer change at all.
    private func armWakeUp() {
        guard let deadline = idleClients.nextDeadline else {
            if wakeUpDeadline != nil { setWakeUp(nil) }
            return
        }
        if let wakeUpDeadline, wakeUpDeadline <= deadline { return }
        setWakeUp(deadline)
    }

    private func setWakeUp(_ deadline: Double?) {
        wakeUpDeadline = deadline
        registry.setWakeUp(at: deadline)
    }

    /// Answers the lines that have arrived, as far as backpressure allows, then decides what to wait for.
    private func service(_ connection: ControlConnection) {
        while !connection.isClosed, connection.queuedOutputBytes < limits.replyBackpressureBytes,
              let line = connection.nextLine()
        {
            switch line {
            case .text(let bytes):
                if !bytes.isEmpty { answer(bytes, from: connection) }
            case .overlong:
                send(ControlReply.error("request line longer than \(limits.maximumLineLength) bytes; skipped").json().serialized,
                     to: connection)
            }
        }
        guard !connection.isClosed else { return }
        if connection.reachedEndOfInput && connection.queuedOutputBytes == 0 && !connection.hasCompleteLine
            && !connection.isSubscribed
        {
            drop(connection)
            return
        }
        updateInterest(connection)
    }

    private func answer(_ line: [UInt8], from connection: ControlConnection) {
        let (decoded, id) = ControlRequest.decode(line)
        let reply: ControlReply
        switch decoded {
        case .success(.subscribe):
            connection.isSubscribed = true
            reply = .ok
        case .success(let request):
            reply = handler?.handle(request) ?? .error("the kiosk is starting; try again")
        case .failure(let error):
            reply = .error(error.message)
        }
        // The handler may have broadcast an event that disconnected this very client.
        guard !connection.isClosed else { return }
        send(reply.json(id: id).serialized, to: connection)
    }

    /// Queues one line and writes what the socket takes now; disconnects the client when its
    /// unsent output passes the limit.
    private func send(_ line: String, to connection: ControlConnection) {
        let wasEmpty = connection.queuedOutputBytes == 0
        connection.enqueue(line)
        peakQueuedBytes = max(peakQueuedBytes, connection.queuedOutputBytes)
        if wasEmpty, case .failed = connection.flush() {
            drop(connection)
            return
        }
        if connection.queuedOutputBytes > limits.maximumQueuedBytes {
            droppedSlowClients += 1
            logger.warning("control client \(connection.descriptor) disconnected: it stopped reading "
                + "(\(connection.queuedOutputBytes) bytes unsent)")
            drop(connection)
        }
    }

    private func updateInterest(_ connection: ControlConnection) {
        updateIdleTracking(connection)
        var interest: IOInterest = []
        if !connection.reachedEndOfInput && connection.queuedOutputBytes < limits.replyBackpressureBytes {
            interest.insert(.readable)
        }
        if connection.queuedOutputBytes > 0 { interest.insert(.writable) }
        if interest != connection.interest {
            connection.interest = interest
            do throws(LoopError) {
                try registry.setInterest(interest, for: connection.descriptor)
            } catch {
                // Unwatched, the client would never be served again: better it hears the socket close.
                logger.error("control client \(connection.descriptor) disconnected: \(error)")
                drop(connection)
            }
        }
    }

    private func drop(_ connection: ControlConnection) {
        guard !connection.isClosed else { return }
        if connection.interest != nil { registry.removeInterest(for: connection.descriptor) }
        if connections[connection.descriptor] === connection {
            connections[connection.descriptor] = nil
            idleClients.remove(connection.descriptor)
        }
        connection.close()
    }
}
