import KioskConfig
import Testing

/// `remote.vnc`: where the VNC server listens, and the rule that keeps it off the network without
/// a password.
@Suite struct RemoteDecodingTests {
    static func load(_ remote: String) -> Result<KioskConfigSpec, ConfigErrors> {
        ConfigLoader().load(text: """
            remote:
            \(remote)
            panels:
              home:
                children: [{type: label, text: Hi}]
            """, file: "remote.yaml")
    }

    @Test func noSectionAsksForNoServer() {
        let config = ConfigLoader().load(text: "panels: {home: {children: [{type: label, text: Hi}]}}", file: "plain.yaml").value
        #expect(config?.remote.vnc == nil)
    }

    @Test func theSettingsAreRead() throws {
        let config = try #require(Self.load("""
              vnc: {listen: "127.0.0.1:5901", password_file: vnc.pass, view_only: true}
            """).value)
        #expect(config.remote.vnc == VNCSpec(host: "127.0.0.1", port: 5901, passwordFile: "vnc.pass", viewOnly: true))
    }

    @Test func anEmptySectionListensOnLoopback() throws {
        let vnc = try #require(Self.load("  vnc: {}").value?.remote.vnc)
        #expect(vnc == VNCSpec(host: "127.0.0.1", port: 5900))
        #expect(vnc.isLoopback)
    }

    @Test func theNetworkWithoutAPasswordIsRefusedWhereListenIsWritten() {
        let errors = Self.load("  vnc: {listen: \"0.0.0.0:5900\"}").errors
        #expect(errors.count == 1)
        #expect(errors.first?.description.hasPrefix("remote.yaml:2:17: error: 'remote.vnc.listen' 0.0.0.0:5900 is reachable from the network without a password") == true)
        #expect(Self.load("  vnc: {listen: \"0.0.0.0:5900\", password_file: /etc/kiosk/vnc.pass}").errors.isEmpty)
        #expect(Self.load("  vnc: {listen: \"localhost:5902\"}").value?.remote.vnc?.host == "127.0.0.1")
    }

    @Test(arguments: ["5900", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:65536", "300.0.0.1:5900", "::1:5900", "host:5900", "127.0.0.1:-1"])
    func aMalformedAddressIsAnError(_ listen: String) {
        let errors = Self.load("  vnc: {listen: \"\(listen)\"}").errors
        #expect(errors.first?.description.contains("invalid value for 'remote.vnc.listen'") == true, "\(listen)")
    }

    @Test func unknownKeysSuggestTheNearest() {
        let errors = Self.load("  vnc: {view_onyl: true}").errors
        #expect(errors.first?.description.contains("did you mean 'view_only'?") == true)
        #expect(Self.load("  vcn: {}").errors.first?.description.contains("did you mean 'vnc'?") == true)
    }
}
