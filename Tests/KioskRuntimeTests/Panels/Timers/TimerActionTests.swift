import KioskConfig
import KioskPlatform
import KioskRuntime
import Testing

/// `after`, `every` and `cancel` on the kiosk's virtual clock.
@MainActor
struct TimerActionTests {
    static let config = """
        panels:
          home:
            children:
              - {type: label, id: status, text: Ready}
              - {type: button, id: go, title: Go, on_tap: {after: {id: later, delay: 2s, do: {emit: fired}}}}
          other:
            children:
              - {type: label, text: Other}
        """

    static func after(_ delay: Double, id: String? = nil, emit name: String = "fired") -> ActionSpec {
        .after(id: id, delay: delay, actions: [.emit(event: name, value: nil)])
    }

    @Test func afterFiresOnceAtItsDelay() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        kiosk.host.handle(event: "tap", from: "go")
        let started = kiosk.loop.now
        #expect(kiosk.host.runningTimerCount == 1)
        try kiosk.wait(until: started + 1.99)
        #expect(kiosk.emitted("fired") == 0)
        try kiosk.wait(until: started + 2)
        #expect(kiosk.emitted("fired") == 1)
        try kiosk.wait(30)
        #expect(kiosk.emitted("fired") == 1)
        #expect(kiosk.host.runningTimerCount == 0)
        #expect(!kiosk.host.isTimerRunning("later"))
        try kiosk.session.renderUntilIdle()
        #expect(kiosk.loop.armedTimerCount == 0)
    }

    @Test func everyFiresOncePerIntervalUntilCancelled() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let started = kiosk.run([.every(id: "tick", interval: 1, actions: [.emit(event: "tick", value: nil)])])
        try kiosk.wait(until: started + 0.99)
        #expect(kiosk.emitted("tick") == 0)
        try kiosk.wait(until: started + 5)
        #expect(kiosk.emitted("tick") == 5)
        kiosk.run([.cancel("tick")])
        #expect(!kiosk.host.isTimerRunning("tick"))
        try kiosk.wait(10)
        #expect(kiosk.emitted("tick") == 5)
        try kiosk.session.renderUntilIdle()
        #expect(kiosk.loop.armedTimerCount == 0)
    }

    @Test func aTimerStartedUnderARunningIdRestartsIt() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let first = kiosk.run([Self.after(2, id: "later")])
        try kiosk.wait(until: first + 1.5)
        let second = kiosk.run([Self.after(2, id: "later")])
        #expect(kiosk.host.runningTimerCount == 1)
        try kiosk.wait(until: second + 1.99)
        #expect(kiosk.emitted("fired") == 0)
        try kiosk.wait(until: second + 2)
        #expect(kiosk.emitted("fired") == 1)
        try kiosk.wait(10)
        #expect(kiosk.emitted("fired") == 1)
    }

    @Test func timersWithoutAnIdRunSideBySide() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let started = kiosk.run([Self.after(1), Self.after(2), Self.after(2)])
        #expect(kiosk.host.runningTimerCount == 3)
        try kiosk.wait(until: started + 1)
        #expect(kiosk.emitted("fired") == 1)
        try kiosk.wait(until: started + 2)
        #expect(kiosk.emitted("fired") == 3)
    }

    @Test func cancellingATimerThatAlreadyFiredDoesNothing() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        kiosk.run([Self.after(1, id: "once")])
        try kiosk.wait(2)
        kiosk.run([.cancel("once"), .cancel("never_started")])
        #expect(kiosk.emitted("fired") == 1)
        #expect(kiosk.logged.isEmpty)
    }

    @Test func aZeroDelayRunsOnALaterTurnOfTheLoop() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let started = kiosk.run([Self.after(0)])
        #expect(kiosk.emitted("fired") == 0)
        try kiosk.wait(until: started + TimerLimits.minimumDelay)
        #expect(kiosk.emitted("fired") == 1)
    }

    @Test func anActionsTimerOutlivesThePanelThatStartedIt() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        kiosk.host.handle(event: "tap", from: "go")
        let started = kiosk.loop.now
        kiosk.host.goto("other", transition: .none)
        try kiosk.wait(until: started + 2)
        #expect(kiosk.host.currentPanelID == "other")
        #expect(kiosk.emitted("fired") == 1)
    }

    @Test func aTimersActionsRunAsATapsDoIncludingNavigation() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let started = kiosk.run([.after(id: nil, delay: 1, actions: [
            .goto(panel: "other", transition: .none),
            .set([Assignment(widgetID: "status", property: "text", value: .literal(.text(.literal("Done"))))]),
        ])])
        try kiosk.wait(until: started + 1)
        #expect(kiosk.host.currentPanelID == "other")
        #expect(kiosk.host.value(of: "text", widget: "status") == .text(.literal("Done")))
    }

    /// `kiosk check` refuses `$value` in a timer; actions built in code that still use it find no value.
    @Test func aTimerCarriesNoEventValue() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let started = kiosk.run([.after(id: nil, delay: 1, actions: [
            .set([Assignment(widgetID: "status", property: "text", value: .eventValue)]),
        ])], eventValue: .number(3))
        try kiosk.wait(until: started + 1)
        #expect(kiosk.host.value(of: "text", widget: "status") == .text(.literal("Ready")))
        #expect(kiosk.logged == ["set status.text: the event carries no value"])
    }

    @Test func liveTimersAreBoundedAndTheRefusalIsLoggedOnce() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let limit = TimerLimits.maximumLiveTimers
        let started = kiosk.run(Array(repeating: Self.after(1), count: limit + 10))
        #expect(kiosk.host.runningTimerCount == limit)
        #expect(kiosk.logged.count == 1)
        #expect(kiosk.logged.first?.contains("\(limit) timers are running, the most at once") == true)
        // A named timer replacing a running one is not a new one.
        kiosk.run([Self.after(5, id: "later")])
        #expect(kiosk.host.runningTimerCount == limit)
        try kiosk.wait(until: started + 1)
        #expect(kiosk.emitted("fired") == limit)
        #expect(kiosk.host.runningTimerCount == 0)
        // Below the bound again, timers start, and a new refusal would be logged again.
        kiosk.run([Self.after(1)])
        #expect(kiosk.host.runningTimerCount == 1)
    }

    /// An `every` whose actions start an anonymous `every` adds one timer each time it fires; the
    /// bound stops it and the kiosk keeps running.
    @Test func aRunawayEveryStopsAtTheBound() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let inner = ActionSpec.every(id: nil, interval: 0.05, actions: [])
        kiosk.run([.every(id: "outer", interval: 0.05, actions: Array(repeating: inner, count: 8))])
        try kiosk.wait(3)
        #expect(kiosk.host.runningTimerCount == TimerLimits.maximumLiveTimers)
        #expect(kiosk.logged.count == 1)
        kiosk.host.stopTimers()
        try kiosk.session.renderUntilIdle()
        #expect(kiosk.loop.armedTimerCount == 0)
    }

    @Test func closingTheKioskStopsItsTimers() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        kiosk.run([Self.after(1), .every(id: "tick", interval: 1, actions: [])])
        kiosk.session.kiosk.close()
        try kiosk.wait(5)
        #expect(kiosk.emitted("fired") == 0)
        #expect(kiosk.host.runningTimerCount == 0)
        #expect(kiosk.loop.armedTimerCount == 0)
    }

    @Test func aHostBuiltWithoutASchedulerHasAVirtualOne() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        #expect(kiosk.host.scheduler === kiosk.loop)
    }
}
