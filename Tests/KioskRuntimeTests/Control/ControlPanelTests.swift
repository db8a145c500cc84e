import Foundation
import KioskConfig
import KioskGraphics
import KioskRuntime
import Testing

/// The control socket against live panels: a real socket, the kiosk's own event loop, the showcase
/// config on a headless screen.
struct ControlPanelTests {
    final class Kiosk {
        let session: HeadlessPanelSession
        let loop: EventLoop
        let registry: LoopInterestRegistry
        let server: ControlServer
        let handler: PanelControlHandler
        let path: String

        init() throws {
            let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../Config/kiosk.yaml").standardized.path
            session = try HeadlessPanelSession.load(path: config)
            loop = try EventLoop()
            registry = LoopInterestRegistry(loop: loop)
            path = NSTemporaryDirectory() + "kiosk-control-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
            let session = self.session
            handler = PanelControlHandler(host: session.host, registry: ComponentRegistry.standard, configPath: config) {
                try session.snapshot()
            }
            server = try ControlServer(path: path, handler: handler, registry: registry)
            registry.server = server
            let server = self.server
            session.host.onWidgetEvent = { event, widget, value in
                guard let widget else { return }
                switch event {
                case "tap": server.broadcast(event: .tap(widget: widget))
                case "change": server.broadcast(event: .valueChanged(widget: widget, property: "value",
                                                                      value: value.map(PanelControlHandler.json) ?? .null))
                default: break
                }
            }
            session.host.onPanelChange = { from, to in server.broadcast(event: .panelChanged(from: from, to: to)) }
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

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
        let shot = NSTemporaryDirectory() + "kiosk-control-shot-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: shot) }
        #expect(try kiosk.ask(client, .screenshot(.file(path: shot))).contains("\"ok\":true"))
        #expect(try Surface(contentsOfPNG: shot).width == 800)
        #expect(try kiosk.ask(client, .alert(title: "Hello", message: "From outside", buttons: ["OK"])).contains("\"ok\":true"))
        #expect(try kiosk.ask(client, .reload).contains("\"ok\":true"))
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
        for _ in 0..<6 { lines.append(try subscriber.readLine() ?? "") }
        #expect(lines[0].contains("\"tap\"") && lines[0].contains("to_settings"))
        #expect(lines[1].contains("\"panel\"") && lines[1].contains("settings"))
        #expect(lines[2].contains("\"tap\"") && lines[2].contains("settings_back"))
        #expect(lines[3].contains("home"))
        #expect(lines[4].contains("brightness"))
    }
}
