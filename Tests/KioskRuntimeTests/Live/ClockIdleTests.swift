import Foundation
import KioskConfig
import KioskExpression
import KioskGraphics
import KioskPlatform
import KioskRuntime
import KioskUI
import Testing

/// `now` ticks only as finely as the panel shown needs, on the virtual clock: a clock showing
/// minutes presents one frame a minute and arms one timer; a panel without `now` sleeps.
@MainActor
struct ClockIdleTests {
    static func config(_ clockText: String, other: String = "Other") -> String {
        """
        panels:
          clock:
            root:
              type: stack
              children:
                - {type: label, id: time, text: "\(clockText)", size: [200, 30]}
                - {type: button, id: away, title: Away, on_tap: {goto: {panel: plain, transition: none}}}
          plain:
            root:
              type: stack
              children:
                - {type: label, id: other, text: "\(other)", size: [200, 30]}
                - {type: button, id: back, title: Back, on_tap: {goto: {panel: clock, transition: none}}}
        """
    }

    // ICU writes a narrow no-break space (U+202F) before AM.
    @Test func aClockOfMinutesPresentsOneFrameAMinuteAndArmsOneTimer() throws {
        let kiosk = try PanelSessionFixture(Self.config("${time(now, 'short')}"))
        #expect(kiosk.label("time") == "9:00\u{202F}AM")
        // Half a minute in, so that each whole minute falls inside the span measured.
        try kiosk.session.advance(by: 30)
        #expect(kiosk.session.display.loop.armedTimerCount == 1)
        var texts: [String] = []
        for _ in 0..<5 {
            let frames = kiosk.framesPresented
            try kiosk.session.advance(by: 60)
            #expect(kiosk.framesPresented == frames + 1, "one frame in the minute")
            #expect(kiosk.session.display.loop.armedTimerCount == 1, "only the clock's timer is armed")
            texts.append(kiosk.label("time") ?? "")
        }
        #expect(texts == ["9:01\u{202F}AM", "9:02\u{202F}AM", "9:03\u{202F}AM", "9:04\u{202F}AM", "9:05\u{202F}AM"])
    }

    @Test func aClockOfSecondsPresentsOneFrameASecond() throws {
        let kiosk = try PanelSessionFixture(Self.config("${time(now, 'medium')}"))
        try kiosk.session.advance(by: 0.5)
        let frames = kiosk.framesPresented
        try kiosk.session.advance(by: 10)
        #expect(kiosk.framesPresented == frames + 10)
        #expect(kiosk.session.display.loop.armedTimerCount == 1)
        #expect(kiosk.label("time") == "9:00:10\u{202F}AM")
    }

    @Test func aPanelWithoutNowPresentsNothingAndArmsNothing() throws {
        let kiosk = try PanelSessionFixture(Self.config("Static", other: "${upper('still')}"))
        #expect(kiosk.session.display.loop.armedTimerCount == 0)
        let frames = kiosk.framesPresented
        try kiosk.session.advance(by: 300)
        #expect(kiosk.framesPresented == frames)
        #expect(kiosk.session.display.loop.armedTimerCount == 0)
    }

    @Test func onlyThePanelShownTicksAndItCatchesUpWhenShownAgain() throws {
        let kiosk = try PanelSessionFixture(Self.config("${time(now, 'short')}"))
        try kiosk.session.driver.tap(id: "away")
        #expect(kiosk.host.currentPanelID == "plain")
        try kiosk.session.advance(by: 1)
        #expect(kiosk.session.display.loop.armedTimerCount == 0, "the clock's panel is not shown")
        let frames = kiosk.framesPresented
        try kiosk.session.advance(by: 180)
        #expect(kiosk.framesPresented == frames)
        try kiosk.session.driver.tap(id: "back")
        #expect(kiosk.label("time") == "9:03\u{202F}AM", "the clock shows the time as soon as it is back")
        #expect(kiosk.session.display.loop.armedTimerCount == 1)
    }

    @Test func aDayClockWakesAtMidnightOnly() throws {
        let kiosk = try PanelSessionFixture(Self.config("${date(now, 'medium')}"))
        try kiosk.session.advance(by: 1)
        let frames = kiosk.framesPresented
        // 09:00:01 to 08:59:59 the next day: one midnight.
        try kiosk.session.advance(by: 86_398)
        #expect(kiosk.framesPresented == frames + 1)
        #expect(kiosk.session.display.loop.armedTimerCount == 1)
    }

    @Test func aKioskThatGoesAwayLeavesNoClockTimerBehind() throws {
        let loop = VirtualLoop()
        let directory = NSTemporaryDirectory() + "clock-gone-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kiosk.yaml"
        try Self.config("${time(now, 'medium')}").write(toFile: path, atomically: true, encoding: .utf8)
        var session: HeadlessPanelSession? = try HeadlessPanelSession.load(path: path, scheduler: loop)
        try session?.renderUntilIdle()
        #expect(loop.armedTimerCount == 1)
        session = nil
        #expect(loop.armedTimerCount == 0)
        loop.advance(by: 5)

        let closed = try HeadlessPanelSession.load(path: path, scheduler: loop)
        try closed.renderUntilIdle()
        #expect(loop.armedTimerCount == 1)
        closed.kiosk.close()
        #expect(loop.armedTimerCount == 0)
    }
}
