import KioskConfig
import KioskExpression
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// Bound properties: evaluated when (and only when) an input changed, in dependency order, at
/// most once a frame; a person's change stands until the inputs change again.
@MainActor
struct BindingTests {
    /// `total` reads `ring`, which reads `hours`: written before the ring, it must still be
    /// evaluated after it.
    static let config = """
        state:
          x: 1
          y: 2
        panels:
          home:
            root:
              type: stack
              alignment: leading
              children:
                - {type: label, id: shows_x, text: "x is ${state.x}", size: [200, 24]}
                - {type: label, id: shows_y, text: "${state.y}", size: [200, 24]}
                - {type: label, id: total, text: "${ring.value * 8} h", size: [200, 24]}
                - {type: marked_slider, id: hours, value: 1, min: 1, max: 8, size: [300, 44]}
                - {type: progress, id: ring, value: "= hours.value / 8", size: [80, 80]}
                - {type: button, id: more, title: More, on_tap: {set: {state.x: "= state.x + 1"}}}
        """

    func setHours(_ kiosk: PanelSessionFixture, _ hours: Double) {
        kiosk.host.run([.set([Assignment(widgetID: "hours", property: "value", value: .literal(.number(hours)))])])
    }

    @Test func bindingsShowTheirValuesFromTheFirstFrame() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        #expect(kiosk.label("shows_x") == "x is 1")
        #expect(kiosk.label("shows_y") == "2")
        #expect(kiosk.host.value(of: "value", widget: "ring") == .number(0.125))
        #expect(kiosk.label("total") == "1 h")
        #expect(kiosk.formulaProblems.isEmpty, "\(kiosk.formulaProblems)")
    }

    @Test func aBindingIsEvaluatedOnlyWhenOneOfItsInputsChanged() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let before = (x: kiosk.evaluations("shows_x", "text"), y: kiosk.evaluations("shows_y", "text"),
                      ring: kiosk.evaluations("ring", "value"))
        try kiosk.setState("x", .number(5))
        #expect(kiosk.label("shows_x") == "x is 5")
        #expect(kiosk.evaluations("shows_x", "text") == before.x + 1)
        #expect(kiosk.evaluations("shows_y", "text") == before.y)
        #expect(kiosk.evaluations("ring", "value") == before.ring)
        // Setting a value a state already has changes nothing, and time passing evaluates nothing.
        try kiosk.setState("x", .number(5))
        try kiosk.session.advance(by: 120)
        #expect(kiosk.evaluations("shows_x", "text") == before.x + 1)
        #expect(kiosk.host.bindings.evaluationCount > 0)
    }

    @Test func aChainIsEvaluatedInDependencyOrderOnceEach() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let ring = kiosk.evaluations("ring", "value"), total = kiosk.evaluations("total", "text")
        setHours(kiosk, 4)
        try kiosk.settle()
        #expect(kiosk.host.value(of: "value", widget: "ring") == .number(0.5))
        #expect(kiosk.label("total") == "4 h", "the label read the ring after the ring's own evaluation")
        #expect(kiosk.evaluations("ring", "value") == ring + 1)
        #expect(kiosk.evaluations("total", "text") == total + 1)
    }

    @Test func manyChangesBeforeAFrameAreEvaluatedOnce() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let ring = kiosk.evaluations("ring", "value"), total = kiosk.evaluations("total", "text")
        let frames = kiosk.framesPresented
        for hours in [2.0, 3, 5, 6] { setHours(kiosk, hours) }
        #expect(kiosk.host.bindings.pendingCount == 1, "only the ring waits; the label waits on it")
        #expect(kiosk.evaluations("ring", "value") == ring, "nothing is evaluated before the frame")
        try kiosk.settle()
        #expect(kiosk.evaluations("ring", "value") == ring + 1)
        #expect(kiosk.evaluations("total", "text") == total + 1)
        #expect(kiosk.label("total") == "6 h")
        #expect(kiosk.framesPresented == frames + 1)
    }

    @Test func aDraggedBoundSliderKeepsItsValueUntilItsInputsChange() throws {
        let kiosk = try PanelSessionFixture("""
            state:
              preset: 3
              other: 0
            panels:
              home:
                root:
                  type: stack
                  children:
                    - {type: marked_slider, id: level, value: "= round(state.preset)", min: 0, max: 10, size: [300, 44]}
                    - {type: label, id: shows, text: "${level.value}", size: [200, 24]}
                    - {type: label, id: other, text: "${state.other}", size: [200, 24]}
            """)
        #expect(kiosk.host.value(of: "value", widget: "level") == .number(3))
        try kiosk.drag(slider: "level", to: 7)
        #expect(kiosk.host.value(of: "value", widget: "level") == .number(7), "the person's value")
        #expect(kiosk.label("shows") == "7", "what reads the slider follows the person")
        // Something the slider's binding does not read changes: the person's value stays.
        try kiosk.setState("other", .number(1))
        try kiosk.session.advance(by: 1)
        #expect(kiosk.host.value(of: "value", widget: "level") == .number(7))
        // Its own input changes: the binding applies again.
        try kiosk.setState("preset", .number(4))
        #expect(kiosk.host.value(of: "value", widget: "level") == .number(4))
        #expect(kiosk.label("shows") == "4")
        // Dragged again; then the input changes while the binding's value stays the one it wrote
        // last (round(4.2) is 4): it applies that value again.
        try kiosk.drag(slider: "level", to: 9)
        #expect(kiosk.host.value(of: "value", widget: "level") == .number(9))
        try kiosk.setState("preset", .number(4.2))
        #expect(kiosk.host.value(of: "value", widget: "level") == .number(4))
    }

    @Test func aSetOnABoundPropertyStandsUntilTheInputsChange() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        kiosk.host.run([.set([Assignment(widgetID: "shows_x", property: "text", value: .literal(.text(.literal("manual"))))])])
        try kiosk.settle()
        #expect(kiosk.label("shows_x") == "manual")
        #expect(kiosk.host.value(of: "text", widget: "shows_x") == .text(.literal("manual")))
        try kiosk.setState("y", .number(9))
        #expect(kiosk.label("shows_x") == "manual")
        try kiosk.setState("x", .number(2))
        #expect(kiosk.label("shows_x") == "x is 2")
        #expect(kiosk.host.value(of: "text", widget: "shows_x") == .text(.literal("x is 2")))
    }

    @Test func anActionSetsStateWithAFormula() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        try kiosk.session.driver.tap(id: "more")
        try kiosk.settle()
        #expect(kiosk.host.live.state["x"] == .number(2))
        #expect(kiosk.label("shows_x") == "x is 2")
    }

    @Test func aRuntimeErrorShowsTheDefaultAndIsLoggedOncePerMessage() throws {
        let kiosk = try PanelSessionFixture("""
            state:
              n: 1
              d: 0
            panels:
              home:
                root:
                  type: stack
                  children:
                    - {type: label, id: ratio, text: "${state.n / state.d}", size: [200, 24]}
                    - {type: progress, id: ring, value: "= state.n / state.d", size: [80, 80]}
            """)
        #expect(kiosk.label("ratio") == "", "a label's default text")
        #expect(kiosk.host.value(of: "value", widget: "ring") == .number(0))
        let first = kiosk.formulaProblems
        #expect(first.count == 2, "\(first)")
        // Line 9 is the label's; the column points at the division inside the formula.
        #expect(first.contains { $0.contains("kiosk.yaml:9:") && $0.contains("ratio") }, "\(first)")
        // The same failure again: not logged again.
        try kiosk.setState("n", .number(2))
        #expect(kiosk.formulaProblems.count == 2)
        // Another failure: logged.
        try kiosk.setState("d", .text("x"))
        #expect(kiosk.formulaProblems.count == 4, "\(kiosk.formulaProblems)")
        // Working again.
        try kiosk.setState("d", .number(4))
        #expect(kiosk.label("ratio") == "0.5")
        #expect(kiosk.host.value(of: "value", widget: "ring") == .number(0.5))
    }

    @Test func aValueTheBoundPropertyCannotTakeGivesItsDefault() throws {
        let kiosk = try PanelSessionFixture("""
            state:
              level: 0.5
            panels:
              home:
                root:
                  type: stack
                  children:
                    - {type: progress, id: ring, value: "= state.level", size: [80, 80]}
            """)
        #expect(kiosk.host.value(of: "value", widget: "ring") == .number(0.5))
        try kiosk.setState("level", .text("high"))
        #expect(kiosk.host.value(of: "value", widget: "ring") == .number(0))
        #expect(kiosk.formulaProblems.count == 1)
        #expect(kiosk.formulaProblems.first?.contains("expected") == true, "\(kiosk.formulaProblems)")
    }
}
