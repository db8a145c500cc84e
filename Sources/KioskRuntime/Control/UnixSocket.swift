import CLinux
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

    /// A refusal that is no failed call: `reason` says what is wrong and what to do.
    public init(refusing path: String, _ reason: String) {
        self.init(operation: "refuse", path: path, code: 0, hint: reason)
    }

    public var description: String {
        guard code != 0 else { return "control socket \(path): \(hint ?? operation)" }
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

    /// Makes `path` free for a new listening socket: nothing there, or a stale socket of this user's
    /// (nothing accepts on it any more, connect says ECONNREFUSED), which is removed. Anything else
    /// is refused: a live kiosk, a file that is not a socket, or a socket of another user, named.
    static func claim(path: String, userID: uid_t = geteuid()) throws(SocketError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw SocketError(refusing: path, "\(FileOwner.kind(of: info.st_mode)) owned by \(FileOwner.describe(info.st_uid)) "
                + "is in the way; remove it, or choose another path with --control")
        }
        guard info.st_uid == userID else {
            throw SocketError(refusing: path, "the socket there belongs to \(FileOwner.describe(info.st_uid)), not to "
                + "\(FileOwner.describe(userID)); it may be another user's kiosk, or a trap for this one's commands. "
                + "Remove it, or choose another path with --control")
        }
        do throws(SocketError) {
            close(try connect(path: path))
            throw SocketError(operation: "bind", path: path, code: EADDRINUSE,
                              hint: "another kiosk is already running with this control socket")
        } catch where error.operation == "connect" && error.code == ECONNREFUSED {
            unlink(path)
        }
    }

    /// Refuses a server that another user could have put at `path`. The process listening there
    /// (its credentials, which it cannot forge) must be this user or root, or else the user a
    /// root-made directory belongs to (systemd's `RuntimeDirectory=` for the `kiosk` user): only
    /// then can no other user have taken the path first.
    static func verifyServer(_ fd: Int32, path: String, userID: uid_t = geteuid()) throws(SocketError) {
        var peer: UInt32 = 0
        guard kiosk_peer_user_id(fd, &peer) == 0 else { throw SocketError(operation: "getsockopt", path: path, code: errno) }
        if peer == userID || peer == 0 { return }
        let directory = RuntimeDirectory.directory(of: path)
        let parent = RuntimeDirectory.directory(of: directory)
        var directoryInfo = stat(), parentInfo = stat()
        if lstat(directory, &directoryInfo) == 0, directoryInfo.st_mode & S_IFMT == S_IFDIR,
           directoryInfo.st_uid == peer, directoryInfo.st_mode & 0o022 == 0,
           lstat(parent, &parentInfo) == 0, parentInfo.st_uid == 0, parentInfo.st_mode & 0o022 == 0 {
            return
        }
        throw SocketError(refusing: path, "the process listening there runs as \(FileOwner.describe(peer)), not as "
            + "\(FileOwner.describe(userID)) or root, in a directory another user could write to; "
            + "nothing was sent to it. Check who made \(path)")
    }
}
