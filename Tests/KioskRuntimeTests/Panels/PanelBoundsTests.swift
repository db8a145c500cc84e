import Foundation
import KioskConfig
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// Values beyond what rendering can honour, arriving by reload, by an event's `$value` or by an
/// alert: refused, or clamped and logged once; the kiosk keeps running.
@MainActor
struct PanelBoundsTests {
    static func config(_ extra: String = "") -> String {
        """
        panels:
          home:
            children:
              - {type: label, id: status, text: Ready, size: [200, 30]}
              - {type: progress, id: ring, value: 0.5, size: [80, 80]}
              - type: marked_slider
                id: level
                max: 10
                on_change: {set: {ring.value: $value, status.lines: $value}}
                on_commit:
                  alert:
                    title: Keep it?
                    buttons:
                      - {title: Keep, actions: [{set: {status.text: $value}}, {emit: {event: kept, value: $value}}]}
                      - {title: Cancel}
        \(extra)
        """
    }

    @Test func aReloadWithASizeOrLineCountBeyondTheLimitsIsRefusedAndTheKioskRuns() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        let before = try kiosk.picture()
        let wide = try #require(try kiosk.edit(Self.config().replacingOccurrences(of: "size: [200, 30]", with: "size: [3000000000, 10]")))
        #expect(wide.errors.first?.detail.contains("value out of range for 'size'") == true)
        let lines = try #require(try kiosk.edit(Self.config().replacingOccurrences(of: "text: Ready,", with: "text: Ready, lines: 3e9,")))
        #expect(lines.errors.first?.detail.contains("value out of range for 'lines': expected a whole number from 0 to 10000") == true)
        try kiosk.session.renderUntilIdle()
        #expect(try kiosk.picture().difference(from: before).isEmpty, "a refused reload changes nothing on screen")
    }

    @Test func anEventValueOutsideTheRangeIsClampedAndLoggedOnce() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        kiosk.host.handle(event: "change", from: "level", value: .number(5))
        kiosk.host.handle(event: "change", from: "level", value: .number(7))
        try kiosk.session.renderUntilIdle()
        #expect(kiosk.host.value(of: "value", widget: "ring") == .number(1))
        let clamped = kiosk.logged.filter { $0.contains("ring.value") && $0.contains("clamped to 1") }
        #expect(clamped.count == 1, "logged: \(kiosk.logged)")
        #expect(clamped.first?.contains("expected a number from 0 to 1") == true)
    }

    @Test func aHugeEventValueForAWholeNumberIsClampedNotConvertedUnchecked() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        kiosk.host.handle(event: "change", from: "level", value: .number(3e9))
        try kiosk.session.renderUntilIdle()
        kiosk.host.handle(event: "change", from: "level", value: .number(1e300))
        try kiosk.session.renderUntilIdle()
        #expect(kiosk.logged.contains { $0.contains("status.lines") && $0.contains("clamped to 10000") })
    }

    @Test func valueInAnAlertButtonsActionsIsTheValueThatOpenedTheAlert() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        kiosk.host.handle(event: "commit", from: "level", value: .number(7))
        try kiosk.session.renderUntilIdle()
        kiosk.host.respondToAlert(buttonIndex: 0)
        try kiosk.session.renderUntilIdle()
        #expect(kiosk.host.value(of: "text", widget: "status") == .text(.literal("7")))
        #expect(kiosk.host.emittedEvents.last == EmittedEvent(name: "kept", value: .number(7)))
        #expect(!kiosk.logged.contains { $0.contains("carries no value") })
    }

    @Test func aMarkedSliderWithATrillionStepsDrawsAndSnaps() throws {
        let kiosk = try PanelSessionFixture("""
            panels:
              home:
                root: {type: marked_slider, id: wide, max: 1e12, step: 1, size: [300, 44]}
            """)
        let slider = try #require(kiosk.session.display.screen.view(withID: "wide") as? MarkedSlider)
        #expect(slider.drawnTickValues.count <= MarkedSlider.maximumDrawnTicks)
        let center = try kiosk.session.driver.center(of: "wide")
        try kiosk.session.driver.drag(from: center, to: Point(x: center.x + 37, y: center.y))
        try kiosk.session.renderUntilIdle()
        #expect(slider.value > 0 && slider.value == slider.value.rounded())
    }

    @Test func aDisplayOfNoPixelsIsAConfigErrorNotACrash() throws {
        #expect(throws: (any Error).self) {
            _ = try PanelSessionFixture("display: {size: 0x0}\npanels:\n  home:\n    root: {type: label}\n")
        }
    }
}
