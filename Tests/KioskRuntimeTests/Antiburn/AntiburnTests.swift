import KioskConfig
import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskRuntime

/// `display.antiburn` on the virtual clock: the picture moves by whole pixels as a copy, and
/// touches follow it.
struct AntiburnTests {
    static let config = """
    display: {size: [200, 100], antiburn: {every: 1h, shift: 2}}
    panels:
      home:
        root:
          type: stack
          axis: horizontal
          spacing: 0
          children:
            - {type: button, id: left, title: L, size: [100, 100], background: "#D03030", on_tap: {emit: left}}
            - {type: button, id: right, title: R, size: [100, 100], background: "#3050D0", on_tap: {emit: right}}
    """

    final class Kiosk {
        let session: HeadlessPanelSession

        init() throws {
            let spec = try ConfigLoader().load(text: AntiburnTests.config).get()
            session = HeadlessPanelSession(config: spec, configPath: "/tmp/antiburn.yaml")
            try session.renderUntilIdle()
        }

        var offset: PixelOffset { session.kiosk.antiburn?.offset ?? .zero }

        /// The picture on the display now, copied (the front buffer is reused by later frames).
        func picture() throws -> [[UInt32]] {
            let surface = try session.snapshot()
            return (0..<surface.height).map { y in (0..<surface.width).map { x in surface.pixel(x: x, y: y) } }
        }

        /// Taps a point of the display; returns the events the tap emitted.
        func tap(_ x: Double, _ y: Double) throws -> [String] {
            let before = session.host.emittedEvents.count
            try session.driver.tap(at: Point(x: x, y: y))
            return session.host.emittedEvents.dropFirst(before).map(\.name)
        }
    }

    @Test func thePathMovesOnePixelAtATimeWithinTheShiftAndVisitsEveryPlace() {
        let path = AntiburnPath(shift: 2)
        #expect(path.offset(atStep: 0) == .zero)
        var seen: Set<PixelOffset> = []
        for step in 0..<path.period {
            let here = path.offset(atStep: step), next = path.offset(atStep: step + 1)
            #expect(abs(here.x) <= 2 && abs(here.y) <= 2)
            #expect(abs(next.x - here.x) + abs(next.y - here.y) == 1, "step \(step): \(here) → \(next)")
            seen.insert(here)
        }
        #expect(seen.count == 25)
        #expect(path.offset(atStep: path.period) == .zero)
    }

    @Test func theShiftCyclesOnTheVirtualClock() throws {
        let kiosk = try Kiosk()
        let path = AntiburnPath(shift: 2)
        try kiosk.session.advance(by: 3599)
        #expect(kiosk.offset == .zero)
        var offsets: [PixelOffset] = []
        for _ in 0..<path.period {
            try kiosk.session.advance(by: 3600)
            offsets.append(kiosk.offset)
        }
        #expect(offsets == (1...path.period).map { path.offset(atStep: $0) })
        #expect(offsets.last == .zero, "back where it started after a full cycle")
        #expect(offsets[0] == PixelOffset(x: 1, y: 0))
    }

    @Test func theShiftedFrameIsTheUnshiftedOneMovedAndNothingIsRepainted() throws {
        let kiosk = try Kiosk()
        let before = try kiosk.picture()
        let compositor = kiosk.session.display.compositor
        var offset = PixelOffset.zero
        // Two moves: (1, 0), then (2, 0).
        for _ in 0..<2 {
            try kiosk.session.advance(by: 3600)
            offset = kiosk.offset
            #expect(compositor.lastPaintedPixels == 0, "a move copies; it repaints no view")
        }
        #expect(offset == PixelOffset(x: 2, y: 0))
        let after = try kiosk.picture()
        for y in 0..<100 {
            for x in 0..<200 {
                let source = (x: x - offset.x, y: y - offset.y)
                let expected = (0..<200).contains(source.x) && (0..<100).contains(source.y)
                    ? before[source.y][source.x] : 0xFF00_0000
                if after[y][x] != expected {
                    Issue.record("pixel (\(x), \(y)) is \(String(after[y][x], radix: 16)), expected \(String(expected, radix: 16))")
                    return
                }
            }
        }
    }

    @Test func aTapLandsOnTheSameWidgetBeforeAndAfterAShift() throws {
        let kiosk = try Kiosk()
        // The last column of the left button, as drawn.
        #expect(try kiosk.tap(99.5, 50) == ["left"])
        try kiosk.session.advance(by: 7200)
        #expect(kiosk.offset == PixelOffset(x: 2, y: 0))
        // The left button is now drawn 2 pixels further right: its last column is at 101.
        #expect(try kiosk.tap(101.5, 50) == ["left"])
        #expect(try kiosk.tap(102.5, 50) == ["right"])
    }

    @Test func aReloadThatTurnsAntiburnOffPutsThePictureBack() throws {
        let kiosk = try Kiosk()
        try kiosk.session.advance(by: 3600)
        #expect(kiosk.offset != .zero)
        let antiburn = try #require(kiosk.session.kiosk.antiburn)
        antiburn.update(nil)
        #expect(kiosk.offset == .zero)
        try kiosk.session.advance(by: 7200)
        #expect(kiosk.offset == .zero)
    }

    @Test func checkRefusesAShiftOutOfRange() throws {
        for display in ["antiburn: {every: 1h, shift: 0}", "antiburn: {every: 0.1s}", "antiburn: {every: 1h, shift: 99}",
                        "antiburn: {evry: 1h}", "idle: {antiburn: 2h}"] {
            let yaml = "display: {\(display)}\npanels: {home: {children: [{type: label, text: Hi}]}}"
            let result = ConfigLoader().load(text: yaml)
            #expect(result.failure != nil, "\(display) should be refused")
        }
    }
}
