/// The `remote` section.
nonisolated extension DecodingContext {
    /// `remote: {vnc: {listen: 127.0.0.1:5900, password_file: FILE, view_only: false}}`.
    func remote(_ node: YAMLNode) -> RemoteSpec {
        var remote = RemoteSpec()
        guard let entries = mapping(node, describing: "'remote'") else { return remote }
        rejectUnknownKeys(in: entries, known: ["vnc"], describing: "'remote'")
        if let value = node["vnc"] { remote.vnc = vnc(value) }
        return remote
    }

    private func vnc(_ node: YAMLNode) -> VNCSpec? {
        var vnc = VNCSpec()
        guard let entries = mapping(node, describing: "'remote.vnc'") else { return nil }
        rejectUnknownKeys(in: entries, known: ["listen", "password_file", "view_only"], describing: "'remote.vnc'")
        if let value = node["listen"] {
            if let text = value.scalar?.text, !value.isNull, let (host, port) = VNCSpec.parseListen(text) {
                vnc.host = host
                vnc.port = port
            } else {
                report(at: value.location, "invalid value for 'remote.vnc.listen'",
                       expected: "an IPv4 address and a port such as 127.0.0.1:5900", found: value.summary)
            }
        }
        if let value = node["password_file"], case .string(let path)? = self.value(
            of: value, as: .string, named: "remote.vnc.password_file") {
            vnc.passwordFile = path
        }
        if let value = node["view_only"], case .bool(let viewOnly)? = self.value(of: value, as: .bool, named: "remote.vnc.view_only") {
            vnc.viewOnly = viewOnly
        }
        // Anyone who reaches the port sees the screen and touches it: beyond this machine, only with a password.
        if !vnc.isLoopback, vnc.passwordFile == nil {
            report(at: (node["listen"] ?? node).location, "'remote.vnc.listen' \(vnc.host):\(vnc.port) is reachable from the network without a password",
                   expected: "a 'password_file', or a loopback address such as 127.0.0.1:\(vnc.port)")
        }
        return vnc
    }
}
