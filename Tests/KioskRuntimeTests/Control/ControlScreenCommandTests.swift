import Foundation
import KioskConfig
import KioskPlatform
import Testing
@testable import KioskRuntime

/// `wake`, `sleep` and `idle` over a real control socket, against panels whose idle runs on the
/// virtual clock; `idle` events reach subscribers.
struct ControlScreenCommandTests {
    static let config = """
    display: {size: [400, 300], idle: {dim: 10s, blank: 20s}}
    panels:
      home:
        children:
          - {type: button, id: press, title: Press, size: [200, 60]}
    """

    final class Kiosk {
        let file: ConfigFile
        let session: HeadlessPanelSession
        let loop: EventLoop
        let endpoint: ControlEndpoint
        let directory = TemporaryDirectory()
        let client: ControlClient

        init() throws {
            file = try ConfigFile(ControlScreenCommandTests.config)
            session = try HeadlessPanelSession.load(path: file.path)
            loop = try EventLoop()
            endpoint = try ControlEndpoint(host: session.host, loop: loop, path: directory.path + "/control.sock",
                                           configPath: file.path, components: ComponentRegistry.standard,
                                           logger: .discarding) { [session] in try session.snapshot() }
            endpoint.reportTransitions(of: session.idle)
            client = try ControlClient(path: directory.path + "/control.sock")
            try loop.runOnce()   // accept
        }

        /// Sends a request and runs the loop until its reply line is there; the reply as JSON.
        func ask(_ request: ControlRequest) throws -> JSONValue {
            try client.send(request)
            try loop.runOnce()
            try session.renderUntilIdle()
            return try JSONParser.parse(try client.readLine() ?? "")
        }
    }

    @Test func idleReportsTheStateAndTheSecondsToTheNextChange() throws {
        let kiosk = try Kiosk()
        try kiosk.session.advance(by: 4)
        let awake = try kiosk.ask(.idle)
        #expect(awake["ok"] == .bool(true))
        #expect(awake["value"]?["state"] == .string("awake"))
        #expect(awake["value"]?["next"] == .string("dim"))
        let seconds = try #require(awake["value"]?["in"]?.doubleValue)
        #expect(abs(seconds - 6) < 0.1)
        try kiosk.session.advance(by: 7)
        let dim = try kiosk.ask(.idle)
        #expect(dim["value"]?["state"] == .string("dim"))
        #expect(dim["value"]?["next"] == .string("blank"))
    }

    @Test func sleepBlanksAtOnceAndWakeBringsTheScreenBack() throws {
        let kiosk = try Kiosk()
        let slept = try kiosk.ask(.sleep)
        #expect(kiosk.session.idle.state == .blanked)
        #expect(slept["value"]?["state"] == .string("blank"))
        #expect(slept["value"]?["next"] == .null, "nothing further is due on a black screen")
        let woken = try kiosk.ask(.wake)
        #expect(kiosk.session.idle.state == .active)
        #expect(woken["value"]?["state"] == .string("awake"))
        // Waking restarts the idle time: the screen dims 10 s after the wake, not after the start.
        try kiosk.session.advance(by: 9.5)
        #expect(kiosk.session.idle.state == .active)
        try kiosk.session.advance(by: 1)
        #expect(kiosk.session.idle.state == .dimmed)
    }

    @Test func subscribersHearEveryIdleTransition() throws {
        let kiosk = try Kiosk()
        let subscriber = try ControlClient(path: kiosk.directory.path + "/control.sock")
        try kiosk.loop.runOnce()
        try subscriber.send(.subscribe)
        try kiosk.loop.runOnce()
        #expect(try subscriber.readLine()?.contains("\"ok\":true") == true)
        try kiosk.session.advance(by: 10.5)   // dims
        try kiosk.session.advance(by: 10)     // blanks
        _ = try kiosk.ask(.wake)
        _ = try kiosk.ask(.sleep)
        var states: [String] = []
        for _ in 0..<4 {
            let line = try JSONParser.parse(try subscriber.readLine() ?? "")
            #expect(line["event"] == .string("idle"))
            states.append(line["state"]?.stringValue ?? "?")
        }
        #expect(states == ["dim", "blank", "awake", "blank"])
    }

    @Test func ctlWordsBecomeTheCommands() throws {
        #expect(try ControlClient.request(fromArguments: ["wake"]) == .wake)
        #expect(try ControlClient.request(fromArguments: ["sleep"]) == .sleep)
        #expect(try ControlClient.request(fromArguments: ["idle"]) == .idle)
        #expect(throws: ControlRequestError.self) { try ControlClient.request(fromArguments: ["sleep", "now"]) }
        #expect(try ControlRequest(json: JSONParser.parse(#"{"cmd":"wake"}"#)) == .wake)
        #expect(ControlRequest.idle.json == .object(["cmd": .string("idle")]))
    }
}
