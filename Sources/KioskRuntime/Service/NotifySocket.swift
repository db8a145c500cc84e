import CLinux
import Glibc

/// Why a notification datagram was not sent.
nonisolated struct NotifySocketError: Error, CustomStringConvertible {
    let description: String
}

/// systemd's notification protocol, spoken directly: one datagram of newline-separated
/// assignments ("READY=1\nSTATUS=…") to the AF_UNIX socket `NOTIFY_SOCKET` names, a path or, when
/// it starts with "@", a name in the abstract namespace. systemd documents the protocol as a stable
/// interface to be implemented without libsystemd (sd_notify(3)); sd_notify() itself, from
/// libsystemd, made the kiosk load it and five libraries it needs (gcrypt, lz4, zstd, lzma, cap),
/// 1.2 MiB and a millisecond, to send READY=1 at the end of every start.
nonisolated enum NotifySocket {
    /// Sends `message` as one datagram. It never waits: the frame loop sends the watchdog's pings,
    /// and a service manager that stopped reading must not stop the kiosk (the datagram is lost
    /// and the error says so).
    static func send(_ message: String, to socketName: String) throws(NotifySocketError) {
        var name = Array(socketName.utf8)
        let isAbstract = name.first == UInt8(ascii: "@")
        guard isAbstract || name.first == UInt8(ascii: "/") else {
            throw NotifySocketError(description: "NOTIFY_SOCKET '\(socketName)' is neither a path nor an abstract name (@…)")
        }
        if isAbstract { name[0] = 0 }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        // A path needs its terminating zero; an abstract name is exactly its bytes long.
        guard name.count < capacity || (isAbstract && name.count == capacity) else {
            throw NotifySocketError(description: "NOTIFY_SOCKET '\(socketName)' is longer than a socket address holds")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: name) }
        let length = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + name.count + (isAbstract ? 0 : 1)

        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw NotifySocketError(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bytes.withUnsafeBytes {
                    sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT), socketAddress, socklen_t(length))
                }
            }
        }
        guard sent == bytes.count else {
            throw NotifySocketError(description: sent < 0 ? "sendto \(socketName): \(String(cString: strerror(errno)))"
                                                          : "sendto \(socketName): the message was cut short")
        }
    }
}
