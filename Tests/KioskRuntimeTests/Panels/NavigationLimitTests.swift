import KioskConfig
import KioskGraphics
import KioskRuntime
import Testing

/// Navigation that navigates again is bounded at run time, whatever config reaches the kiosk (the
/// check refuses the loops it can see; these configs are built in code, past the check).
@MainActor
struct NavigationLimitTests {
    static func config(start: String, _ onShow: KeyValuePairs<String, [ActionSpec]>) -> KioskConfigSpec {
        let panels = onShow.map { id, actions in
            PanelSpec(id: id, onShow: actions,
                      root: WidgetSpec(type: "label", id: "\(id)_label", properties: ["text": .text(.literal(id))]))
        }
        return KioskConfigSpec(start: start, panels: panels)
    }

    static func session(_ config: KioskConfigSpec, logged: Logged) -> HeadlessPanelSession {
        // The host logs from `init` on: collect from the start through a session made without starting.
        let session = HeadlessPanelSession(config: Self.config(start: "idle", ["idle": []]), configPath: "/tmp/kiosk.yaml",
                                           size: Size(width: 200, height: 100))
        session.host.log = { logged.lines.append($0) }
        session.host.reload(config)
        return session
    }

    final class Logged {
        var lines: [String] = []
    }

    @Test func twoPanelsShowingEachOtherStopAfterTheLimitWithOneError() throws {
        let logged = Logged()
        let loop = Self.config(start: "a", ["a": [.emit(event: "a", value: nil), .goto(panel: "b", transition: .none)],
                                            "b": [.emit(event: "b", value: nil), .goto(panel: "a", transition: .none)]])
        let session = Self.session(loop, logged: logged)
        let host = session.host
        // Reload shows the new start panel: 1 panel change asked for, then 8 set off by on_show.
        #expect(host.emittedEvents.map(\.name) == ["a", "b", "a", "b", "a", "b", "a", "b", "a"])
        #expect(host.currentPanelID == "a")
        #expect(logged.lines.filter { $0.contains("navigation stopped") }.count == 1)
        #expect(logged.lines.last?.contains("a → b → a") == true)
        try session.renderUntilIdle()
        #expect(session.display.screen.view(withID: "a_label") != nil, "the panel reached is on screen")
    }

    @Test func theLimitHoldsAtStartAndForEveryNewNavigation() {
        let logged = Logged()
        let loop = Self.config(start: "a", ["a": [.goto(panel: "b", transition: .none)],
                                            "b": [.goto(panel: "a", transition: .none)],
                                            "c": []])
        let session = HeadlessPanelSession(config: loop, configPath: "/tmp/kiosk.yaml", size: Size(width: 200, height: 100))
        let host = session.host
        #expect(host.currentPanelID == "a", "start stopped at the limit instead of overflowing the stack")
        host.log = { logged.lines.append($0) }
        host.goto("c", transition: .none)
        host.goto("b", transition: .none)
        #expect(logged.lines.filter { $0.contains("navigation stopped") }.count == 1)
        #expect(host.currentPanelID == "b")
        #expect(host.backStack.count <= NavigationLimits.backStackCapacity)
    }

    @Test func onShowBackBouncingToAPanelThatComesBackStops() {
        let logged = Logged()
        let bounce = Self.config(start: "menu", ["menu": [.goto(panel: "pin", transition: .none)], "pin": [.back]])
        let host = Self.session(bounce, logged: logged).host
        #expect(logged.lines.filter { $0.contains("navigation stopped") }.count == 1)
        #expect(["menu", "pin"].contains(host.currentPanelID))
    }

    @Test func aLongChainStopsAtTheLimit() {
        let logged = Logged()
        let count = 20
        let spec = KioskConfigSpec(start: "p0", panels: (0..<count).map { index in
            PanelSpec(id: "p\(index)", onShow: index + 1 < count ? [.goto(panel: "p\(index + 1)", transition: .none)] : [],
                      root: WidgetSpec(type: "label", properties: ["text": .text(.literal("p\(index)"))]))
        })
        let host = Self.session(spec, logged: logged).host
        #expect(host.currentPanelID == "p\(NavigationLimits.maximumNestedNavigations)")
        #expect(logged.lines.filter { $0.contains("navigation stopped") }.count == 1)
    }

    @Test func theBackStackKeepsTheNewestPanels() {
        let logged = Logged()
        let two = Self.config(start: "a", ["a": [], "b": []])
        let host = Self.session(two, logged: logged).host
        for _ in 0..<100 {
            host.goto("b", transition: .none)
            host.goto("a", transition: .none)
        }
        #expect(host.backStack.count == NavigationLimits.backStackCapacity)
        #expect(host.backStack.last == "b")
        #expect(logged.lines.allSatisfy { !$0.contains("navigation stopped") }, "navigation a person asks for is never limited")
    }
}
