import Glibc
import KioskPlatform
import KioskRuntime

/// The control server's own cost, in CPU time of the kiosk's thread (not wall time: the client
/// runs in the same process and the machine may be shared): one request answered through the real
/// epoll loop, and closing a full house of idle clients.
func addControlServerRows(to table: inout Table) throws {
    let directory = "/tmp/kiosk-bench-\(getpid())"
    mkdir(directory, 0o700)
    defer { rmdir(directory) }
    let loop = try EventLoop()
    let registry = LoopInterestRegistry(loop: loop)
    let handler = EchoHandler()
    let server = try ControlServer(path: directory + "/control.sock", handler: handler, registry: registry)
    registry.server = server
    defer { server.close() }

    var samples: [Double] = []
    do {
        let client = try BenchClient(path: server.path)
        try loop.runOnce()   // accept
        let request = Array(#"{"cmd":"get","target":"gauge.value"}"#.utf8) + [UInt8(ascii: "\n")]
        for round in 0..<(iterations + 10) {
            client.write(request)
            let start = threadCPUSeconds()
            while !client.hasReply() { try loop.runOnce() }
            if round >= 10 { samples.append((threadCPUSeconds() - start) * 1000) }
        }
    }
    while server.clientCount > 0 { try loop.runOnce() }
    samples.sort()
    table.add("control request: get, server CPU per request", samples)

    var closing: [Double] = []
    for _ in 0..<5 {
        var idle: [BenchClient] = []
        for _ in 0..<256 {
            idle.append(try BenchClient(path: server.path))
            try loop.runOnce()
        }
        let start = threadCPUSeconds()
        idle.removeAll()   // every client hangs up at once
        while server.clientCount > 0 { try loop.runOnce() }
        closing.append((threadCPUSeconds() - start) * 1000)
    }
    closing.sort()
    table.add("control: 256 idle clients hang up, server CPU", closing)
}

private func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Answers every request at once, so the row measures the server, not the panels.
private final class EchoHandler: ControlRequestHandler {
    func handle(_ request: ControlRequest) -> ControlReply { .ok(.number(42)) }
}

/// A non-blocking client in the same thread as the loop.
private final class BenchClient {
    let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 4096)

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8))
            raw[path.utf8.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw BenchError(message: "cannot connect to \(path): \(String(cString: strerror(errno)))") }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(descriptor) }

    func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Whether a reply line arrived (replies here are short enough to come in one read).
    func hasReply() -> Bool {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 && buffer[count - 1] == UInt8(ascii: "\n")
    }
}

private struct BenchError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
