import Glibc

/// The control socket: JSON lines over a Unix stream socket, one request per line, one reply line
/// per request, and `{"event":…}` lines streamed to subscribers.
///
/// It never blocks and owns no loop: the runtime registers the descriptors the server announces
/// through `IOInterestRegistry` and calls `handleReadable(_:)` / `handleWritable(_:)` when they
/// are ready. Memory stays bounded per client: a line may be at most `maximumLineLength` bytes; a
/// client stops being read while `replyBackpressureBytes` of its output are unsent (its requests
/// wait in the kernel); a client whose unsent output passes `maximumQueuedBytes` (a subscriber
/// that stopped reading) is disconnected on its own.
public final class ControlServer {
    public struct Limits: Sendable {
        public var maximumLineLength = 64 * 1024
        public var maximumQueuedBytes = 1024 * 1024
        public var replyBackpressureBytes = 256 * 1024
        public var readChunkBytes = 64 * 1024
        public var maximumClients = 256

        public init() {}
    }

    public let path: String
    public let limits: Limits
    /// The listening socket, to be watched for readability for as long as the server runs.
    public let listeningDescriptor: Int32
    public weak var handler: (any ControlRequestHandler)?

    private let registry: any IOInterestRegistry
    private let logger: Logger
    private var connections: [Int32: ControlConnection] = [:]
    private var isClosed = false

    /// The largest unsent output any client has had, for tests and diagnostics.
    public private(set) var peakQueuedBytes = 0
    /// The largest unparsed input any client has had.
    public private(set) var peakBufferedInputBytes = 0
    /// Clients disconnected because they did not read their output.
    public private(set) var droppedSlowClients = 0

    /// Binds and listens at `path` (mode 0660), replacing a stale socket file but refusing to steal
    /// the socket of a kiosk that is still running.
    public init(path: String, handler: (any ControlRequestHandler)?, registry: any IOInterestRegistry,
                limits: Limits = Limits(), logger: Logger = .discarding) throws(SocketError)
    {
        self.path = path
        self.limits = limits
        self.handler = handler
        self.registry = registry
        self.logger = logger

        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                throw SocketError(operation: "bind", path: path, code: EEXIST, hint: "a file that is not a socket is in the way")
            }
            if UnixSocket.isListening(at: path) {
                throw SocketError(operation: "bind", path: path, code: EADDRINUSE,
                                  hint: "another kiosk is already running with this control socket")
            }
            unlink(path)
        }
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

    /// `$RUNTIME_DIRECTORY/control.sock` under systemd; `/run/kiosk/control.sock` when that
    /// directory exists (a shell on the device talking to the service); else the user's runtime
    /// directory, else /tmp. Server and `kiosk ctl` use the same rule, so they meet.
    nonisolated public static func defaultPath(environment: [String: String], directoryExists: (String) -> Bool) -> String {
        if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, !runtime.isEmpty {
            return "\(runtime)/control.sock"
        }
        if directoryExists("/run/kiosk") { return "/run/kiosk/control.sock" }
        if let user = environment["XDG_RUNTIME_DIR"], !user.isEmpty { return "\(user)/kiosk-control.sock" }
        return "/tmp/kiosk-control.sock"
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

    // MARK: Readiness

    public func handleReadable(_ descriptor: Int32) {
        if descriptor == listeningDescriptor {
            acceptClients()
            return
        }
        guard let connection = connections[descriptor] else { return }
        switch connection.read(upTo: limits.readChunkBytes) {
        case .received, .endOfInput, .wouldBlock:
            peakBufferedInputBytes = max(peakBufferedInputBytes, connection.bufferedInputBytes)
            service(connection)
        case .failed(let code):
            logger.debug("control client \(descriptor): read failed: \(String(cString: strerror(code)))")
            drop(connection)
        }
    }

    public func handleWritable(_ descriptor: Int32) {
        guard let connection = connections[descriptor] else { return }
        if case .failed = connection.flush() {
            drop(connection)
            return
        }
        service(connection)
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
            guard connections.count < limits.maximumClients else {
                connection.enqueue(ControlReply.error("too many control clients (\(limits.maximumClients)); try again later").json().serialized)
                _ = connection.flush()
                connection.close()
                continue
            }
            connections[fd] = connection
            updateInterest(connection)
        }
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
        let json: JSONValue
        do {
            json = try JSONParser.parse(line)
        } catch {
            send(ControlReply.error(error.description).json().serialized, to: connection)
            return
        }
        let id = json["id"]
        let reply: ControlReply
        do {
            let request = try ControlRequest(json: json)
            if request == .subscribe {
                connection.isSubscribed = true
                reply = .ok
            } else if let handler {
                reply = handler.handle(request)
            } else {
                reply = .error("the kiosk is starting; try again")
            }
        } catch {
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
        if connections[connection.descriptor] === connection { connections[connection.descriptor] = nil }
        connection.close()
    }
}
