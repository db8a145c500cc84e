import FoundationEssentials
import Glibc
import KioskExpression

/// `remote`: how the kiosk is seen and touched from elsewhere.
nonisolated public struct RemoteSpec: Equatable, Sendable {
    /// `remote.vnc`; nil when the config does not ask for a VNC server (a headless run serves one
    /// on loopback anyway, unless told not to).
    public var vnc: VNCSpec?

    public init(vnc: VNCSpec? = nil) {
        self.vnc = vnc
    }
}

/// `remote.vnc`: a VNC server showing the screen, whose pointer touches it.
nonisolated public struct VNCSpec: Equatable, Sendable {
    public static let defaultHost = "127.0.0.1"
    public static let defaultPort = 5900

    /// An IPv4 address (`localhost` is written down as 127.0.0.1).
    public var host: String
    public var port: Int
    /// A file whose first line is the password (relative to the config's directory); nil for none,
    /// which only a loopback address allows.
    public var passwordFile: String?
    /// Viewers see the screen but their pointer and keys are ignored.
    public var viewOnly: Bool

    public init(host: String = VNCSpec.defaultHost, port: Int = VNCSpec.defaultPort, passwordFile: String? = nil,
                viewOnly: Bool = false) {
        self.host = host
        self.port = port
        self.passwordFile = passwordFile
        self.viewOnly = viewOnly
    }

    /// 127.0.0.0/8: only programs on this machine can connect.
    public var isLoopback: Bool { host.hasPrefix("127.") }

    /// `127.0.0.1:5900`, `localhost:5900` or `0.0.0.0:5900` into an address and a port.
    public static func parseListen(_ text: String) -> (host: String, port: Int)? {
        let parts = text.trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let port = Int(parts[1]), (1...65_535).contains(port) else { return nil }
        if parts[0] == "localhost" { return (defaultHost, port) }
        let octets = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ octet in
            octet.count <= 3 && octet.allSatisfy(\.isASCII) && Int(octet).map { (0...255).contains($0) } == true
        }) else { return nil }
        return (String(parts[0]), port)
    }
}
