import Foundation
import KioskConfig
import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskRuntime

/// The control socket against live panels: a real socket, the kiosk's own event loop, the showcase
/// config on a headless screen.
struct ControlPanelTests {
    final class Kiosk {
        let session: HeadlessPanelSession
        let loop: EventLoop
        let endpoint: ControlEndpoint
        /// The socket's own directory: the kiosk's runtime directory.
        let directory: String
        let path: String

        init() throws {
            let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../Config/kiosk.yaml").standardized.path
            session = try HeadlessPanelSession.load(path: config)
            loop = try EventLoop()
            directory = NSTemporaryDirectory() + "kiosk-control-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
            path = directory + "/control.sock"
            let session = self.session
            endpoint = try ControlEndpoint(host: session.host, loop: loop, path: path, configPath: config,
                                           components: ComponentRegistry.standard, logger: .discarding) {
                try session.snapshot()
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        /// Sends a request and runs the loop until its reply line is there.
        func ask(_ client: ControlClient, _ request: ControlRequest) throws -> String {
            try client.send(request)
            try loop.runOnce()
            try session.renderUntilIdle()
            return try client.readLine() ?? ""
        }
    }

    @Test func everyCommandAnswersAgainstTheLivePanels() throws {
        let kiosk = try Kiosk()
        let client = try ControlClient(path: kiosk.path)
        try kiosk.loop.runOnce()   // accept
        #expect(try kiosk.ask(client, .set(widget: "energy_ring", property: "value", value: .number(0.3))).contains("\"ok\":true"))
        #expect(try kiosk.ask(client, .get(widget: "energy_ring", property: "value")).contains("0.3"))
        let unknown = try kiosk.ask(client, .get(widget: "energy_rng", property: "value"))
        #expect(unknown.contains("did you mean 'energy_ring'"))
        let wrongType = try kiosk.ask(client, .set(widget: "energy_ring", property: "value", value: .string("lots")))
        #expect(wrongType.contains("\"ok\":false"))
        #expect(try kiosk.ask(client, .goto(panel: "settings")).contains("\"ok\":true"))
        #expect(kiosk.session.host.currentPanelID == "settings")
        #expect(try kiosk.ask(client, .goto(panel: "setings")).contains("did you mean 'settings'"))
        #expect(try kiosk.ask(client, .back).contains("\"ok\":true"))
        #expect(kiosk.session.host.currentPanelID == "home")
        #expect(try kiosk.ask(client, .screenshot(.file(path: "shot.png"))) == #"{"ok":true,"value":"\#(kiosk.directory)/shot.png"}"#)
        #expect(try Surface(contentsOfPNG: kiosk.directory + "/shot.png").width == 800)
        // Anywhere else is refused: the kiosk is no way to write files for whoever may use its socket.
        let outside = NSTemporaryDirectory() + "kiosk-control-shot-\(getpid()).png"
        #expect(try kiosk.ask(client, .screenshot(.file(path: outside))).contains("writes files only in its runtime directory"))
        #expect(!FileManager.default.fileExists(atPath: outside))
        let inline = try kiosk.ask(client, .screenshot(.inline))
        let encoded = try #require(try JSONParser.parse(inline)["value"]?.stringValue)
        #expect(Data(base64Encoded: encoded).map { [UInt8]($0.prefix(4)) } == [0x89, 0x50, 0x4E, 0x47])
        #expect(try kiosk.ask(client, .alert(title: "Hello", message: "From outside", buttons: ["OK"])).contains("\"ok\":true"))
        #expect(try kiosk.ask(client, .reload).contains("\"ok\":true"))
    }

    @Test func evalAndGetAnswerOverTheSocket() throws {
        let kiosk = try Kiosk()
        let client = try ControlClient(path: kiosk.path)
        try kiosk.loop.runOnce()
        #expect(try kiosk.ask(client, .set(widget: "energy_ring", property: "value", value: .number(0.25))).contains("\"ok\":true"))
        #expect(try kiosk.ask(client, .eval(expression: "energy_ring.value * 4")) == #"{"ok":true,"value":1}"#)
        #expect(try kiosk.ask(client, .eval(expression: "= upper(panel)")) == #"{"ok":true,"value":"HOME"}"#)
        #expect(try kiosk.ask(client, .eval(expression: "energy_rng.value")).contains("column 1: unknown name 'energy_rng'"))
        #expect(try kiosk.ask(client, .state(name: "anything", value: 1)).contains("\"ok\":false"))
    }

    @Test func aSubscriberHearsATapAndASliderDragInOrder() throws {
        let kiosk = try Kiosk()
        let subscriber = try ControlClient(path: kiosk.path)
        try kiosk.loop.runOnce()
        #expect(try kiosk.ask(subscriber, .subscribe).contains("\"ok\":true"))
        let driver = kiosk.session.driver
        try driver.tap(id: "to_settings")
        try kiosk.session.renderUntilIdle()
        try driver.tap(id: "settings_back")
        try kiosk.session.renderUntilIdle()
        let slider = try driver.center(of: "brightness")
        try driver.drag(from: slider, to: Point(x: slider.x + 60, y: slider.y))
        try kiosk.session.renderUntilIdle()
        var lines: [String] = []
        for _ in 0..<7 { lines.append(try subscriber.readLine() ?? "") }
        // In the order it happened: the tap, the panel it opened (whose on_show emits), the way back,
        // then the slider's value changes.
        #expect(lines[0].contains("\"tap\"") && lines[0].contains("to_settings"))
        #expect(lines[1].contains("panel_changed") && lines[1].contains("\"settings\""))
        #expect(lines[2].contains("\"emit\"") && lines[2].contains("settings_opened"))
        #expect(lines[3].contains("\"tap\"") && lines[3].contains("settings_back"))
        #expect(lines[4].contains("panel_changed") && lines[4].contains("\"home\""))
        #expect(lines[5].contains("\"emit\"") && lines[5].contains("home_shown"))
        #expect(lines[6].contains("value_changed") && lines[6].contains("brightness"))
    }
}
