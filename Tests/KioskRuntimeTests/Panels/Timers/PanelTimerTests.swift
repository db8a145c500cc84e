import KioskConfig
import KioskPlatform
import KioskRuntime
import Testing

/// A panel's `timers:` run while the panel is shown, and only then.
@MainActor
struct PanelTimerTests {
    static func config(doneTimers: String = "[{id: back_home, after: 10s, do: [{goto: start}]}]",
                       startTimers: String = "[]") -> String {
        // `cancel` must name a timer the config declares.
        let stay = doneTimers.contains("back_home") ? "{cancel: back_home}" : doneTimers.contains("tick") ? "{cancel: tick}" : "back"
        return """
        start: start
        panels:
          start:
            timers: \(startTimers)
            children:
              - {type: label, text: Park here}
              - {type: button, id: pay, title: Pay, on_tap: {goto: done}}
          done:
            timers: \(doneTimers)
            children:
              - {type: label, id: thanks, text: Thanks}
              - {type: button, id: stay, title: Stay, on_tap: \(stay)}
          elsewhere:
            children:
              - {type: label, text: Elsewhere}
        """
    }

    static let ticking = "[{id: tick, every: 1s, do: {emit: tick}}]"

    /// The parking kiosk's done panel: back to the start after 10 s of virtual time, not at 9.9 s.
    @Test func theDonePanelReturnsToTheStartAfterTenSeconds() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        #expect(kiosk.host.runningTimerCount == 0)
        kiosk.host.handle(event: "tap", from: "pay")
        let shown = kiosk.loop.now
        #expect(kiosk.host.currentPanelID == "done")
        #expect(kiosk.host.isTimerRunning("back_home"))
        try kiosk.wait(until: shown + 9.9)
        #expect(kiosk.host.currentPanelID == "done")
        try kiosk.wait(until: shown + 10)
        #expect(kiosk.host.currentPanelID == "start")
        #expect(kiosk.host.runningTimerCount == 0)
        try kiosk.session.renderUntilIdle()
        #expect(kiosk.loop.armedTimerCount == 0)
    }

    @Test func aCancelledPanelTimerStaysCancelledUntilThePanelIsShownAgain() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        kiosk.host.goto("done", transition: .none)
        try kiosk.wait(5)
        kiosk.host.handle(event: "tap", from: "stay")
        try kiosk.wait(60)
        #expect(kiosk.host.currentPanelID == "done")
        kiosk.host.goto("start", transition: .none)
        kiosk.host.goto("done", transition: .none)
        let shown = kiosk.loop.now
        try kiosk.wait(until: shown + 10)
        #expect(kiosk.host.currentPanelID == "start")
    }

    @Test func aPanelTimerFiresOnlyWhileItsPanelIsShownAndRestartsOnReShow() throws {
        let kiosk = try PanelSessionFixture(Self.config(doneTimers: Self.ticking))
        try kiosk.wait(5)
        #expect(kiosk.emitted("tick") == 0)
        kiosk.host.goto("done", transition: .none)
        let shown = kiosk.loop.now
        try kiosk.wait(until: shown + 3.5)
        #expect(kiosk.emitted("tick") == 3)
        // Hidden the moment another panel is current, even while that one slides in.
        kiosk.host.goto("elsewhere")
        #expect(kiosk.host.runningTimerCount == 0)
        try kiosk.wait(10)
        #expect(kiosk.emitted("tick") == 3)
        // Shown again: counted afresh from the new show, not from the old one's rhythm.
        kiosk.host.back(transition: .none)
        let reshown = kiosk.loop.now
        try kiosk.wait(until: reshown + 0.99)
        #expect(kiosk.emitted("tick") == 3)
        try kiosk.wait(until: reshown + 2)
        #expect(kiosk.emitted("tick") == 5)
    }

    @Test func theStartPanelsTimersStartWithTheKiosk() throws {
        let kiosk = try PanelSessionFixture(Self.config(startTimers: Self.ticking))
        // The fixture renders the first frame before handing the kiosk over: time has moved a little.
        #expect(kiosk.loop.now < 1)
        try kiosk.wait(until: 3)
        #expect(kiosk.emitted("tick") == 3)
    }

    @Test func noTimerIsArmedWhenNoneIsWritten() throws {
        let kiosk = try PanelSessionFixture(Self.config(doneTimers: "[]"))
        kiosk.host.goto("done")
        kiosk.host.goto("elsewhere")
        kiosk.host.back()
        try kiosk.session.renderUntilIdle()
        #expect(kiosk.host.runningTimerCount == 0)
        #expect(kiosk.loop.armedTimerCount == 0)
    }

    @Test func anActionTimerUnderAPanelTimersIdReplacesItAndOutlivesThePanel() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        kiosk.host.goto("done", transition: .none)
        let restarted = kiosk.loop.now
        kiosk.host.run([.after(id: "back_home", delay: 20, actions: [.emit(event: "late", value: nil)])])
        #expect(kiosk.host.runningTimerCount == 1)
        try kiosk.wait(until: restarted + 15)
        #expect(kiosk.host.currentPanelID == "done")
        kiosk.host.goto("elsewhere", transition: .none)
        try kiosk.wait(until: restarted + 20)
        #expect(kiosk.emitted("late") == 1)
    }

    // MARK: Reload

    @Test func aReloadKeepsThePanelTimersItDidNotChange() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        kiosk.host.goto("done", transition: .none)
        let shown = kiosk.loop.now
        try kiosk.wait(until: shown + 6)
        try kiosk.edit(Self.config().replacingOccurrences(of: "text: Thanks", with: "text: Thank you"))
        #expect(kiosk.host.value(of: "text", widget: "thanks") == .text(.literal("Thank you")))
        try kiosk.wait(until: shown + 9.9)
        #expect(kiosk.host.currentPanelID == "done")
        try kiosk.wait(until: shown + 10)
        #expect(kiosk.host.currentPanelID == "start")
    }

    @Test func aReloadRestartsAPanelTimerWhoseSpecChanged() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        kiosk.host.goto("done", transition: .none)
        let shown = kiosk.loop.now
        try kiosk.wait(until: shown + 6)
        try kiosk.edit(Self.config(doneTimers: "[{id: back_home, after: 5s, do: [{goto: start}]}]"))
        let reloaded = kiosk.loop.now
        try kiosk.wait(until: reloaded + 4.9)
        #expect(kiosk.host.currentPanelID == "done")
        try kiosk.wait(until: reloaded + 5)
        #expect(kiosk.host.currentPanelID == "start")
    }

    @Test func aReloadStopsTimersItRemovesAndKeepsActionTimers() throws {
        let kiosk = try PanelSessionFixture(Self.config(doneTimers: Self.ticking))
        kiosk.host.goto("done", transition: .none)
        kiosk.host.run([.after(id: "note", delay: 10, actions: [.emit(event: "note", value: nil)])])
        let shown = kiosk.loop.now
        try kiosk.wait(until: shown + 2.5)
        try kiosk.edit(Self.config(doneTimers: "[]"))
        try kiosk.wait(until: shown + 10)
        #expect(kiosk.emitted("tick") == 2)
        #expect(kiosk.emitted("note") == 1)
    }

    @Test func aReloadThatRemovesTheShownPanelStopsItsTimers() throws {
        let kiosk = try PanelSessionFixture(Self.config(doneTimers: Self.ticking))
        kiosk.host.goto("done", transition: .none)
        try kiosk.wait(1.5)
        let withoutDone = Self.config(doneTimers: Self.ticking)
            .replacingOccurrences(of: "{goto: done}", with: "{goto: elsewhere}")
            .replacingOccurrences(of: "  done:\n", with: "  finished:\n")
        #expect(try kiosk.edit(withoutDone) == nil)
        #expect(kiosk.host.currentPanelID == "start")
        try kiosk.wait(5)
        #expect(kiosk.emitted("tick") == 1)
        #expect(kiosk.host.runningTimerCount == 0)
    }
}
