import Foundation
import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskUI
import Testing
@testable import KioskRuntime

/// The panels as the live runtime's delegate: what it does with each screen, input event,
/// activity and reload the runtime reports. Nothing is opened: the runtime is never run.
@Suite struct PanelsOnDisplayTests {
    final class Fixture {
        let config: LoggedConfig
        var path: String { config.path }
        var log: LogCapture { config.log }
        let runtime: LiveRuntime
        let panels: PanelsOnDisplay

        init() throws {
            config = try LoggedConfig(PanelKioskTests.config)
            runtime = try LiveRuntime(rootView: LayerHostView(content: View()), logger: config.log.logger)
            let socketPath = config.file.directory + "/control.sock"
            panels = PanelsOnDisplay(runtime: runtime, config: config.spec, configPath: config.path, adapters: .standard,
                                     controlPath: .failure(SocketError(refusing: socketPath, "no socket")))
        }

        func makeScreen(width: Double = 400, height: Double = 300) -> Screen {
            let screen = Screen(size: Size(width: width, height: height), rootView: runtime.rootView)
            panels.liveRuntime(runtime, didCreate: screen)
            screen.layoutIfNeeded()
            return screen
        }

        func tap(_ id: String, on screen: Screen) throws {
            let view = try #require(screen.view(withID: id))
            let point = view.transformToScreen.apply(to: view.bounds).center
            for phase in [TouchPhase.began, .ended] {
                runtime.delegate?.liveRuntime(runtime, didReceive: .touch(TouchSample(id: 0, phase: phase, location: point, timestamp: runtime.loop.now)))
            }
        }
    }

    @Test func theRuntimeHoldsThePanelsAsItsDelegate() throws {
        let fixture = try Fixture()
        #expect(fixture.runtime.delegate === fixture.panels)
        #expect(fixture.panels.kiosk == nil)
    }

    @Test func inputFromTheRuntimeReachesThePanelsOnItsScreen() throws {
        let fixture = try Fixture()
        let screen = fixture.makeScreen()
        try fixture.tap("more", on: screen)
        #expect(fixture.panels.kiosk?.host.currentPanelID == "other")
    }

    @Test func activityFromTheRuntimeWakesADimScreen() throws {
        let fixture = try Fixture()
        _ = fixture.makeScreen()
        let kiosk = try #require(fixture.panels.kiosk)
        kiosk.idle.advance(to: fixture.runtime.loop.now + 11)
        #expect(kiosk.idle.state == .dimmed)
        fixture.runtime.delegate?.liveRuntimeDidSeeUserActivity(fixture.runtime)
        #expect(kiosk.idle.state == .active)
    }

    @Test func aNewScreenGetsFreshPanelsFromTheConfigInForce() throws {
        let fixture = try Fixture()
        let first = fixture.makeScreen()
        let firstKiosk = try #require(fixture.panels.kiosk)
        try fixture.tap("more", on: first)
        try fixture.config.file.write(PanelKioskTests.config.replacingOccurrences(of: "title: More", with: "title: Onward"))
        fixture.runtime.delegate?.liveRuntimeShouldReload(fixture.runtime)
        #expect(fixture.log.lines.contains("notice: reloaded \(fixture.path)"))

        // The display comes back at another size.
        let second = fixture.makeScreen(width: 600, height: 400)
        let kiosk = try #require(fixture.panels.kiosk)
        #expect(kiosk !== firstKiosk)
        #expect(kiosk.screen === second)
        #expect(kiosk.host.currentPanelID == "home")
        let button = try #require(second.view(withID: "more") as? Button)
        #expect(button.title == "Onward")
    }

    @Test func anInvalidReloadKeepsThePanels() throws {
        let fixture = try Fixture()
        let screen = fixture.makeScreen()
        try fixture.tap("more", on: screen)
        try fixture.config.file.write("start: [")
        fixture.runtime.delegate?.liveRuntimeShouldReload(fixture.runtime)
        #expect(fixture.log.lines.contains { $0.hasPrefix("error: \(fixture.path) was not reloaded; the running panels stay:") })
        #expect(fixture.panels.kiosk?.host.currentPanelID == "other")
    }
}
