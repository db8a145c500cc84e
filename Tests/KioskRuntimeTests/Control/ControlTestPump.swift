import Glibc
import KioskPlatform
import Testing
@testable import KioskRuntime

/// Stands in for the runtime's epoll loop: remembers what the server wants watched and polls it,
/// on a virtual clock that moves only when a test advances it.
final class PollRegistry: IOInterestRegistry {
    private(set) var interests: [Int32: IOInterest] = [:]
    var now: Double = 1000
    /// The wake-up the server asked for.
    private(set) var wakeUp: Double?
    weak var server: ControlServer?
    /// Set to refuse descriptors not watched yet, as epoll does at its limits.
    var refusesNewDescriptors = false

    func setInterest(_ interest: IOInterest, for descriptor: Int32) throws(LoopError) {
        if refusesNewDescriptors && interests[descriptor] == nil {
            throw .cannotWatchDescriptor(descriptor, reason: "No space left on device")
        }
        interests[descriptor] = interest
    }
    func removeInterest(for descriptor: Int32) { interests[descriptor] = nil }
    /// How often the server changed its wake-up: each change is a timer syscall in the kiosk.
    private(set) var wakeUpChanges = 0
    func setWakeUp(at deadline: Double?) {
        wakeUp = deadline
        wakeUpChanges += 1
    }

    /// Moves the clock on and fires the wake-up if it fell due, as the loop's timer would.
    func advance(by seconds: Double, _ server: ControlServer) {
        now += seconds
        if let wakeUp, wakeUp <= now {
            self.wakeUp = nil
            server.handleWakeUp()
        }
    }

    /// One poll() over the watched descriptors (not blocking), dispatching readiness to the server.
    @discardableResult
    func pump(_ server: ControlServer) -> Int {
        var fds = interests.map { descriptor, interest in
            var events: Int16 = 0
            if interest.contains(.readable) { events |= Int16(POLLIN) }
            if interest.contains(.writable) { events |= Int16(POLLOUT) }
            return pollfd(fd: descriptor, events: events, revents: 0)
        }
        let ready = poll(&fds, nfds_t(fds.count), 0)
        guard ready > 0 else { return 0 }
        for entry in fds where entry.revents != 0 {
            // An earlier dispatch in this round may have dropped this client.
            guard let interest = interests[entry.fd] else { continue }
            // Like epoll, hang-ups and errors are reported whether or not they were asked for.
            let hungUp = entry.revents & Int16(POLLHUP | POLLERR) != 0
            let readable = entry.revents & Int16(POLLIN) != 0 && interest.contains(.readable)
            if readable || hungUp { server.handleReadable(entry.fd) }
            if entry.revents & Int16(POLLOUT) != 0, interests[entry.fd]?.contains(.writable) == true {
                server.handleWritable(entry.fd)
            }
        }
        return Int(ready)
    }
}

/// A program on the device talking to the kiosk: a non-blocking client socket with line buffers.
final class TestClient {
    let descriptor: Int32
    /// The server's descriptor for this client, once it accepted the connection.
    var serverDescriptor: Int32 = -1
    private var pendingOutput: [UInt8] = []
    private var input: [UInt8] = []
    private(set) var lines: [String] = []
    private(set) var sawEndOfStream = false

    init(path: String) throws {
        descriptor = try UnixSocket.connect(path: path)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit { Glibc.close(descriptor) }

    /// Queues text and writes what the socket takes now.
    func send(_ text: String) {
        pendingOutput.append(contentsOf: text.utf8)
        flush()
    }

    func sendLine(_ line: String) { send(line + "\n") }

    var hasPendingOutput: Bool { !pendingOutput.isEmpty }

    func flush() {
        while !pendingOutput.isEmpty {
            let written = pendingOutput.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }
            pendingOutput.removeFirst(written)
        }
    }

    /// Reads everything available and splits it into lines.
    func receive() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { sawEndOfStream = true; break }
            guard count > 0 else { break }
            input.append(contentsOf: chunk[0..<count])
        }
        while let newline = input.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: input[..<newline], as: UTF8.self))
            input.removeFirst(newline + 1)
        }
    }

    func takeLines() -> [String] {
        defer { lines.removeAll() }
        return lines
    }

    func shutdownWriting() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// Closes the connection from this side.
    func hangUp() { shutdown(descriptor, Int32(SHUT_RDWR)) }
}

/// Pumps server and clients until `done` holds; fails the test instead of hanging.
func pumpUntil(_ registry: PollRegistry, _ server: ControlServer, clients: [TestClient], rounds: Int = 100_000,
               sourceLocation: SourceLocation = #_sourceLocation, _ done: () -> Bool) {
    for _ in 0..<rounds {
        for client in clients { client.flush() }
        registry.pump(server)
        for client in clients { client.receive() }
        if done() { return }
    }
    Issue.record("condition not reached after \(rounds) rounds", sourceLocation: sourceLocation)
}

/// A live UI in miniature: widgets with properties, a panel stack, and events on every change.
final class FakeUI: ControlRequestHandler {
    var values: [String: JSONValue] = ["gauge.value": 10, "name.text": "Ada"]
    var panels = ["home"]
    var requests: [ControlRequest] = []
    weak var server: ControlServer?

    func handle(_ request: ControlRequest) -> ControlReply {
        requests.append(request)
        switch request {
        case .set(let widget, let property, let value):
            guard values["\(widget).\(property)"] != nil else { return .error("no widget \"\(widget)\" with \"\(property)\"") }
            values["\(widget).\(property)"] = value
            server?.broadcast(event: .valueChanged(widget: widget, property: property, value: value))
            return .ok
        case .get(let widget, let property):
            guard let value = values["\(widget).\(property)"] else { return .error("no widget \"\(widget)\" with \"\(property)\"") }
            return .ok(value)
        case .goto(let panel):
            server?.broadcast(event: .panelChanged(from: panels.last, to: panel))
            panels.append(panel)
            return .ok
        case .back:
            guard panels.count > 1 else { return .error("already at the first panel") }
            panels.removeLast()
            return .ok
        case .reload:
            return .ok
        case .screenshot(.inline):
            return .ok("iVBORw0KGgo=")
        case .screenshot(.file(let path)):
            return .ok(.string(path))
        case .alert:
            return .ok
        case .subscribe:
            return .error("the server answers subscribe itself")
        case .state, .eval:
            return .error("this test kiosk has no live values")
        case .data:
            return .ok
        case .wake, .sleep, .idle:
            return .ok
        case .stats:
            return .ok(.object(["frames": .number(0)]))
        }
    }
}

/// A fresh directory for one test's socket, removed afterwards.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/kiosk-ctl-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit {
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != "." && name != ".." { unlink("\(path)/\(name)") }
            }
            closedir(directory)
        }
        rmdir(path)
    }
}

/// A server with the fake UI, in its own directory.
final class ControlFixture {
    let directory = TemporaryDirectory()
    let registry = PollRegistry()
    let ui = FakeUI()
    let server: ControlServer

    init(limits: ControlServer.Limits = ControlServer.Limits()) throws {
        server = try ControlServer(path: "\(directory.path)/control.sock", handler: ui, registry: registry, limits: limits)
        ui.server = server
    }

    func connect() throws -> TestClient {
        let before = Set(registry.interests.keys)
        let client = try TestClient(path: server.path)
        registry.pump(server)
        let accepted = Set(registry.interests.keys).subtracting(before)
        #expect(accepted.count == 1)
        client.serverDescriptor = accepted.first ?? -1
        return client
    }

    /// Sends one line and returns the reply object.
    func request(_ line: String, from client: TestClient, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue? {
        client.sendLine(line)
        pumpUntil(registry, server, clients: [client], sourceLocation: sourceLocation) { !client.lines.isEmpty }
        guard let reply = client.takeLines().first else { return nil }
        return try? JSONParser.parse(reply)
    }
}
