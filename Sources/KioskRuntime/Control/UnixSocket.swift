import Glibc

/// A failed socket call, naming the call, the socket path and what to do about it.
nonisolated public struct SocketError: Error, Equatable, Sendable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var code: Int32
    public var hint: String?

    public init(operation: String, path: String, code: Int32, hint: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.hint = hint
    }

    public var description: String {
        var text = "control socket \(path): \(operation) failed: \(String(cString: strerror(code)))"
        if let hint { text += " (\(hint))" }
        return text
    }
}

/// The few socket calls the control server and client need, with Unix paths turned into
/// `sockaddr_un` in one place.
nonisolated enum UnixSocket {
    /// `sun_path` holds 108 bytes including the terminating zero.
    static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) throws(SocketError) -> R {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumPathLength else {
            throw SocketError(operation: "bind", path: path, code: ENAMETOOLONG,
                              hint: "socket paths are limited to \(maximumPathLength) bytes; choose a shorter one")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// A new stream socket; close-on-exec so a child of the kiosk never inherits it.
    static func makeStreamSocket(path: String, nonBlocking: Bool) throws(SocketError) -> Int32 {
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        let fd = socket(AF_UNIX, flags, 0)
        guard fd >= 0 else { throw SocketError(operation: "socket", path: path, code: errno) }
        return fd
    }

    /// Connects a blocking client socket.
    static func connect(path: String) throws(SocketError) -> Int32 {
        let fd = try makeStreamSocket(path: path, nonBlocking: false)
        let result = try withAddress(path) { Glibc.connect(fd, $0, $1) }
        guard result == 0 else {
            let code = errno
            close(fd)
            let hint: String? = switch code {
            case ENOENT, ECONNREFUSED: "is the kiosk running? Its socket is $RUNTIME_DIRECTORY/control.sock"
            case EACCES: "add this user to the kiosk group, which owns the socket"
            default: nil
            }
            throw SocketError(operation: "connect", path: path, code: code, hint: hint)
        }
        return fd
    }

    /// Whether something is accepting connections at `path` (a live kiosk) or the file is stale.
    static func isListening(at path: String) -> Bool {
        guard let fd = try? connect(path: path) else { return false }
        close(fd)
        return true
    }
}
