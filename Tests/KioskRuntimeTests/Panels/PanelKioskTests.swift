import Foundation
import Glibc
import KioskCompositor
import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskUI
import Testing
@testable import KioskRuntime

/// `PanelSessionFixture` on a headless screen and a virtual loop: the object the live runtime builds for
/// each screen, driven as the runtime drives it (input events, activity, reloads, frames).
@Suite struct PanelKioskTests {
    static let config = """
    start: home
    display: {size: [400, 300], idle: {dim: 10s, blank: 20s, return_to_start: 30s}}
    panels:
      home:
        children:
          - {type: label, text: Welcome}
          - {type: button, id: more, title: More, size: [200, 60], on_tap: {goto: other}}
      other:
        children:
          - {type: button, id: press, title: Press, size: [180, 50], on_tap: {emit: pressed}}
          - {type: button, id: home, title: Back, size: [180, 50], on_tap: back}
    """

    /// A config file, a screen with a compositor on memory, a virtual loop and the kiosk on them.
    final class Fixture {
        let config: LoggedConfig
        var path: String { config.path }
        var log: LogCapture { config.log }
        let loop = VirtualLoop()
        let screen: Screen
        let compositor: Compositor
        let kiosk: PanelKiosk

        init(_ yaml: String = PanelKioskTests.config, controlPath: Result<String, SocketError>? = nil) throws {
            config = try LoggedConfig(yaml)
            // The live runtime's root view.
            screen = Screen(size: Size(width: 400, height: 300), rootView: LayerHostView(content: View()))
            compositor = Compositor(screen: screen, output: MemoryOutput(width: 400, height: 300))
            let compositor = compositor
            kiosk = PanelKiosk(
                screen: screen, config: config.spec, scheduler: loop,
                setup: .init(configPath: config.path, controlPath: controlPath, logger: config.log.logger) {
                    compositor.renderFullFrame()
                })
            compositor.addFrameObserver { [kiosk] time in kiosk.step(at: time) }
            try settle()
        }

        var host: PanelHost { kiosk.host }

        /// Frames at 60 Hz on the virtual clock until nothing is left to show.
        func settle() throws {
            for _ in 0..<600 where compositor.needsFrame {
                _ = try compositor.renderFrame(at: loop.now)
                loop.advance(by: 1.0 / 60)
            }
            #expect(!compositor.needsFrame)
        }

        /// Waits on the virtual clock: the kiosk's own timers fire, as they would on a device.
        func wait(_ seconds: Double) throws {
            loop.advance(by: seconds)
            try settle()
        }

        /// A tap at the centre of `id`, delivered the way the runtime delivers input.
        func tap(_ id: String) throws {
            let view = try #require(screen.view(withID: id))
            let point = view.transformToScreen.apply(to: view.bounds).center
            for phase in [TouchPhase.began, .ended] {
                kiosk.handle(.touch(TouchSample(id: 0, phase: phase, location: point, timestamp: loop.now)))
                loop.advance(by: 0.05)
            }
            try settle()
        }

        func rewrite(_ yaml: String) throws {
            try config.file.write(yaml)
        }

        var emitted: [String] { host.emittedEvents.map(\.name) }
    }

    @Test func aTouchReachesThePanels() throws {
        let fixture = try Fixture()
        #expect(fixture.host.currentPanelID == "home")
        try fixture.tap("more")
        #expect(fixture.host.currentPanelID == "other")
        try fixture.tap("press")
        #expect(fixture.emitted == ["pressed"])
        #expect(fixture.log.lines.contains { $0.hasPrefix("info: emit ") && $0.contains("pressed") })
    }

    @Test func idleDimsBlanksAndReturnsToStartOnItsOwnTimer() throws {
        let fixture = try Fixture()
        try fixture.tap("more")
        let lastInput = fixture.kiosk.idle.controller.lastActivity
        try fixture.wait(lastInput + 9.9 - fixture.loop.now)
        #expect(fixture.kiosk.idle.state == .active)
        try fixture.wait(0.2)
        #expect(fixture.kiosk.idle.state == .dimmed)
        try fixture.wait(10)
        #expect(fixture.kiosk.idle.state == .blanked)
        #expect(fixture.host.currentPanelID == "other")
        try fixture.wait(10)
        #expect(fixture.host.currentPanelID == "home")
        // Nothing more is due: no timer is left armed.
        #expect(fixture.kiosk.idle.nextDeadline == nil)
        #expect(fixture.loop.armedTimerCount == 0)
    }

    @Test func activityRestartsTheIdleTime() throws {
        let fixture = try Fixture()
        try fixture.wait(8)
        fixture.kiosk.noteActivity()
        try fixture.wait(8)
        #expect(fixture.kiosk.idle.state == .active)
        try fixture.wait(2.1)
        #expect(fixture.kiosk.idle.state == .dimmed)
        fixture.kiosk.noteActivity()
        #expect(fixture.kiosk.idle.state == .active)
    }

    @Test func aTouchRestartsTheIdleTime() throws {
        let fixture = try Fixture()
        try fixture.wait(8)
        try fixture.tap("more")
        try fixture.wait(8)
        #expect(fixture.kiosk.idle.state == .active)
    }

    @Test func theTouchThatWakesTheScreenPressesNothing() throws {
        let fixture = try Fixture()
        try fixture.tap("more")
        try fixture.wait(11)
        #expect(fixture.kiosk.idle.state == .dimmed)
        try fixture.tap("press")
        #expect(fixture.kiosk.idle.state == .active)
        #expect(fixture.emitted.isEmpty)
        try fixture.tap("press")
        #expect(fixture.emitted == ["pressed"])
    }

    @Test func anInvalidReloadKeepsThePanelsRunning() throws {
        let fixture = try Fixture()
        try fixture.tap("more")
        try fixture.rewrite(PanelKioskTests.config.replacingOccurrences(of: "start: home", with: "start: nowhere"))
        fixture.kiosk.reload()
        #expect(fixture.log.lines.contains { $0.hasPrefix("error: \(fixture.path) was not reloaded; the running panels stay:") })
        #expect(fixture.host.currentPanelID == "other")
        #expect(fixture.kiosk.config.start == "home")
        // Idle goes on with the settings in force.
        try fixture.wait(10.5)
        #expect(fixture.kiosk.idle.state == .dimmed)
    }

    @Test func aValidReloadTakesTheNewIdleSettings() throws {
        let fixture = try Fixture()
        try fixture.rewrite(PanelKioskTests.config.replacingOccurrences(of: "dim: 10s", with: "dim: 2s"))
        fixture.kiosk.reload()
        #expect(fixture.log.lines.contains("notice: reloaded \(fixture.path)"))
        try fixture.wait(2.5)
        #expect(fixture.kiosk.idle.state == .dimmed)
    }

    @Test func theControlSocketServesThePanelsUntilClosed() throws {
        let socketDirectory = NSTemporaryDirectory() + "panel-kiosk-socket-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: socketDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: socketDirectory) }
        let socketPath = socketDirectory + "/control.sock"
        let fixture = try Fixture(controlPath: .success(socketPath))
        #expect(fixture.kiosk.endpoint != nil)
        #expect(fixture.log.lines.contains("info: control socket: \(socketPath)"))
        #expect(FileManager.default.fileExists(atPath: socketPath))
        fixture.kiosk.close()
        #expect(fixture.kiosk.endpoint == nil)
        #expect(!FileManager.default.fileExists(atPath: socketPath))
        // The idle timer went with it: nothing is armed, and nothing dims.
        #expect(fixture.loop.armedTimerCount == 0)
        try fixture.wait(15)
        #expect(fixture.kiosk.idle.state == .active)
    }

    @Test func withoutASocketThePanelsStillShow() throws {
        let refused = SocketError(refusing: "/nowhere/control.sock", "no runtime directory")
        let fixture = try Fixture(controlPath: .failure(refused))
        #expect(fixture.kiosk.endpoint == nil)
        #expect(fixture.log.lines.contains { $0.hasPrefix("error: no control socket: ") })
        try fixture.tap("more")
        #expect(fixture.host.currentPanelID == "other")
    }
}

/// A config file in a directory of its own, removed with the last reference to it.
final class ConfigFile {
    let directory: String
    let path: String

    init(_ yaml: String) throws {
        directory = NSTemporaryDirectory() + "kiosk-config-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = directory + "/kiosk.yaml"
        try write(yaml)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func write(_ yaml: String) throws {
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// A config file, loaded, and a log of what a kiosk built from it says.
final class LoggedConfig {
    let file: ConfigFile
    let spec: KioskConfigSpec
    let log = LogCapture()
    var path: String { file.path }

    init(_ yaml: String) throws {
        file = try ConfigFile(yaml)
        spec = try ConfigLoader().load(path: file.path).get()
    }
}
