import KioskConfig
import KioskExpression
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// `state` across actions, the control socket and reloads; `eval` and `get` on the live kiosk.
@MainActor
struct LiveStateTests {
    static func config(hoursInitial: String = "1", label: String = "${state.hours} h", extra: String = "") -> String {
        """
        state:
          hours: \(hoursInitial)
          plate: ""
        \(extra)
        panels:
          home:
            root:
              type: stack
              children:
                - {type: label, id: shows, text: "\(label)", size: [200, 24]}
                - {type: marked_slider, id: slider, value: 2, min: 1, max: 8, size: [300, 44]}
                - {type: button, id: add, title: Add, on_tap: {set: {state.hours: "= state.hours + 1"}}}
        """
    }

    @Test func reloadKeepsStateWhoseDeclarationDidNotChange() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        try kiosk.setState("hours", .number(5))
        try kiosk.setState("plate", .text("AB 123"))
        // Another label formula; the state section is the same.
        try kiosk.edit(Self.config(label: "${state.hours} hours"))
        #expect(kiosk.host.live.state["hours"] == .number(5))
        #expect(kiosk.host.live.state["plate"] == .text("AB 123"))
        #expect(kiosk.label("shows") == "5 hours", "the binding was rebuilt from the new formula")
        // A changed initial value starts the variable afresh; the unchanged one keeps its value.
        try kiosk.edit(Self.config(hoursInitial: "2", label: "${state.hours} hours"))
        #expect(kiosk.host.live.state["hours"] == .number(2))
        #expect(kiosk.host.live.state["plate"] == .text("AB 123"))
        #expect(kiosk.label("shows") == "2 hours")
    }

    @Test func aPropertyNoLongerBoundShowsWhatTheConfigWrites() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        try kiosk.setState("hours", .number(5))
        #expect(kiosk.label("shows") == "5 h")
        try kiosk.edit(Self.config(label: "Fixed"))
        #expect(kiosk.label("shows") == "Fixed")
        #expect(kiosk.host.bindings.count == 0)
        try kiosk.setState("hours", .number(6))
        #expect(kiosk.label("shows") == "Fixed")
    }

    @Test func aReloadThatKeepsABindingKeepsWhatAPersonDid() throws {
        let bound = Self.config().replacingOccurrences(of: "value: 2, min: 1", with: "value: \"= state.hours + 1\", min: 1")
        let kiosk = try PanelSessionFixture(bound)
        #expect(kiosk.host.value(of: "value", widget: "slider") == .number(2))
        try kiosk.drag(slider: "slider", to: 6)
        #expect(kiosk.host.value(of: "value", widget: "slider") == .number(6))
        try kiosk.edit(bound.replacingOccurrences(of: "${state.hours} h", with: "${state.hours} hours"))
        #expect(kiosk.host.value(of: "value", widget: "slider") == .number(6), "the binding's inputs did not change")
        try kiosk.setState("hours", .number(3))
        #expect(kiosk.host.value(of: "value", widget: "slider") == .number(4))
    }

    @Test func theControlSocketSetsStateAndEvaluates() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        let handler = PanelControlHandler(host: kiosk.host, registry: kiosk.host.reconciler.adapters.registry, configPath: kiosk.path,
                                          runtimeDirectory: kiosk.directory) { Surface(width: 1, height: 1, format: .xrgb8888) }
        #expect(handler.handle(.state(name: "hours", value: 4)) == .ok)
        try kiosk.settle()
        #expect(kiosk.label("shows") == "4 h")
        #expect(handler.handle(.state(name: "hour", value: 4)) == .error("no state variable 'hour'; did you mean 'hours'?"))
        #expect(handler.handle(.eval(expression: "state.hours * 2")) == .ok(8))
        #expect(handler.handle(.eval(expression: "= slider.value / 8")) == .ok(0.25))
        #expect(handler.handle(.eval(expression: "${state.hours} h")) == .ok("4 h"))
        #expect(handler.handle(.eval(expression: "upper(panel)")) == .ok("HOME"))
        guard case .error(let message) = handler.handle(.eval(expression: "state.hours / sliders.value")) else {
            Issue.record("an unknown name must be an error")
            return
        }
        #expect(message.hasPrefix("column 15: unknown name 'sliders'"), "\(message)")
        #expect(message.contains("did you mean 'slider'?"), "\(message)")
        guard case .error(let syntax) = handler.handle(.eval(expression: "1 +")) else {
            Issue.record("a syntax error must be an error")
            return
        }
        #expect(syntax.hasPrefix("column "), "\(syntax)")
    }

    @Test func getReturnsABoundPropertysCurrentValue() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        let handler = PanelControlHandler(host: kiosk.host, registry: kiosk.host.reconciler.adapters.registry, configPath: kiosk.path,
                                          runtimeDirectory: kiosk.directory) { Surface(width: 1, height: 1, format: .xrgb8888) }
        #expect(handler.handle(.get(widget: "shows", property: "text")) == .ok("1 h"))
        // Asked before the frame that shows it: the answer is what the frame will show.
        kiosk.host.live.setState("hours", .number(7))
        #expect(handler.handle(.get(widget: "shows", property: "text")) == .ok("7 h"))
    }

    @Test func ifRunsTheBranchItsConditionChooses() throws {
        let kiosk = try PanelSessionFixture(Self.config(extra: "  big: false").replacingOccurrences(
            of: "on_tap: {set: {state.hours: \"= state.hours + 1\"}}",
            with: "on_tap: [{set: {state.hours: \"= state.hours + 1\"}}, "
                + "{if: {when: \"= state.hours > 2\", then: [{set: {state.big: true}}], else: [{set: {state.big: false}}]}}, "
                + "{emit: {event: hours, value: \"= state.hours\"}}]"))
        try kiosk.session.driver.tap(id: "add")
        #expect(kiosk.host.live.state["big"] == .bool(false))
        try kiosk.session.driver.tap(id: "add")
        #expect(kiosk.host.live.state["big"] == .bool(true))
        #expect(kiosk.host.emittedEvents.map(\.value) == [.number(2), .number(3)])
    }
}
