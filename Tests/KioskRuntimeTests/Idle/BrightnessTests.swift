import KioskConfig
import KioskPlatform
import Testing
@testable import KioskRuntime

/// `display.brightness` on the virtual clock (09:00 UTC at the start), through a real `Backlight`
/// writing a fake sysfs tree.
struct BrightnessTests {
    /// Idle's hardware as the live runtime drives it: brightness as a share of the maximum.
    final class SysfsPower: ScreenPower {
        let backlight: Backlight
        init(_ backlight: Backlight) { self.backlight = backlight }
        func setBacklight(fraction: Double) -> Bool { (try? backlight.setBrightness(fraction: fraction)) != nil }
        func switchDisplayOff() {}
        func switchDisplayOn() {}
    }

    final class Kiosk {
        let tree = FakeBacklightTree()
        let backlight: Backlight
        let session: HeadlessPanelSession
        var log: [String] = []

        init(_ display: String, state: String = "") throws {
            tree.add("panel", type: "raw", maximum: 100, brightness: 100)
            backlight = try #require(Backlight.open(in: tree.root, methods: [.sysfs]))
            let yaml = """
            display: {size: [200, 100], \(display)}
            \(state)
            panels:
              home:
                children:
                  - {type: button, id: press, title: Press, size: [150, 50]}
            """
            let spec = try ConfigLoader().load(text: yaml).get()
            session = HeadlessPanelSession(config: spec, configPath: "/tmp/brightness.yaml", power: SysfsPower(backlight))
            session.host.log = { [unowned self] in log.append($0) }
            try session.renderUntilIdle()
        }

        /// The level the fake sysfs holds now, of 100.
        var level: Int? { backlight.brightness }

        /// Moves the virtual clock to `hours:minutes` of the first day (the run starts at 09:00).
        func wait(until hours: Double, _ minutes: Double = 0) throws {
            let target = (hours - 9) * 3600 + minutes * 60
            try session.advance(by: target - session.display.loop.now)
        }
    }

    static let nightAndDay = #"brightness: "= hour(now) >= 22 or hour(now) < 7 ? 0.2 : 0.9""#

    @Test func theFormulaCrossesTwentyTwoHundredAndFadesTheBacklight() throws {
        let kiosk = try Kiosk(Self.nightAndDay)
        #expect(kiosk.level == 90, "day level from the start")
        try kiosk.wait(until: 21, 59)
        #expect(kiosk.level == 90)
        try kiosk.wait(until: 22)
        try kiosk.session.advance(by: 0.25)
        // Half way through the 0.5 s fade from 90 to 20.
        let midway = try #require(kiosk.level)
        #expect((45...65).contains(midway), "fading, found \(midway)")
        try kiosk.session.advance(by: 0.5)
        #expect(kiosk.level == 20)
        try kiosk.wait(until: 24 + 7, 1)
        #expect(kiosk.level == 90, "day again at 07:00")
    }

    @Test func idleDimsRelativeToTheBrightnessAndWakesToIt() throws {
        let kiosk = try Kiosk(Self.nightAndDay + ", idle: {dim: 10s, blank: 20s}")
        try kiosk.session.advance(by: 10.5)
        #expect(kiosk.session.idle.state == .dimmed)
        #expect(kiosk.level == 18, "0.2 of 0.9")
        try kiosk.session.advance(by: 10)
        #expect(kiosk.level == 0)
        kiosk.session.idle.wake()
        #expect(kiosk.level == 90)
    }

    @Test func aStateVariableDrivesItLikeAnyBinding() throws {
        let kiosk = try Kiosk(#"brightness: "= state.level""#, state: "state: {level: 0.5}")
        #expect(kiosk.level == 50)
        kiosk.session.host.live.setState("level", .number(0.8))
        try kiosk.session.advance(by: 1)
        #expect(kiosk.level == 80)
        kiosk.session.host.live.setState("level", .text("bright"))
        try kiosk.session.advance(by: 1)
        #expect(kiosk.level == 80, "a value that is no number leaves the level")
        #expect(kiosk.log.contains { $0.contains("display.brightness: expected a number") })
    }

    @Test func aLightSensorSourceDrivesIt() throws {
        let kiosk = try Kiosk(#"brightness: "= default(lux.level, 0.5)""#, state: "sources: {lux: {push: {}}}")
        #expect(kiosk.level == 50, "the fallback until the sensor speaks")
        try kiosk.session.kiosk.sources.push("lux", .record(["level": .number(0.3)]))
        try kiosk.session.advance(by: 1)
        #expect(kiosk.level == 30)
    }

    @Test func aFixedLevelAppliesAtTheStart() throws {
        let kiosk = try Kiosk("brightness: 0.4")
        #expect(kiosk.level == 40)
    }

    @Test func checkRefusesALevelOutOfRangeAndAFormulaOfTheWrongType() throws {
        for (display, message) in [("brightness: 1.5", "display.brightness"), (#"brightness: "= 'dim'""#, "expected a number"),
                                   (#"brightness: "= hour(nowz)""#, "nowz")] {
            let yaml = "display: {\(display)}\npanels: {home: {children: [{type: label, text: Hi}]}}"
            let errors = try #require(ConfigLoader().load(text: yaml).failure)
            #expect(errors.description.contains(message), "\(display): \(errors.description)")
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
