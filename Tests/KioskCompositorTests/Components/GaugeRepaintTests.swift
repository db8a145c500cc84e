import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// A gauge whose value moves repaints only the indicator's sweep and the value label, and the
/// partial frame equals a full repaint.
@MainActor
struct GaugeRepaintTests {
    struct Setup: CustomStringConvertible, Sendable {
        var indicator: GaugeView.Indicator
        var direction: LayoutDirection
        var description: String { "\(indicator.rawValue)\(direction == .rightToLeft ? "-rtl" : "")" }
    }

    nonisolated static let setups = [GaugeView.Indicator.needle, .arc].flatMap { indicator in
        [LayoutDirection.leftToRight, .rightToLeft].map { Setup(indicator: indicator, direction: $0) }
    }

    static let gaugeFrame = Rect(x: 20, y: 10, width: 240, height: 220)

    func makeDisplay(_ setup: Setup) throws -> (HeadlessDisplay, GaugeView) {
        let root = View(frame: Rect(x: 0, y: 0, width: 280, height: 240))
        root.backgroundColor = .white
        let gauge = GaugeView(value: 42)
        gauge.indicator = setup.indicator
        gauge.unit = " °C"
        gauge.caption = "Boiler"
        gauge.zones = [GaugeZone(from: 0, to: 60, color: .systemGreen), GaugeZone(from: 60, to: 100, color: .systemRed)]
        gauge.frame = Self.gaugeFrame
        root.addSubview(gauge)
        let display = HeadlessDisplay(size: Size(width: 280, height: 240),
                                      environment: Environment(appearance: .light, textScale: 1, layoutDirection: setup.direction),
                                      rootView: root)
        try display.renderUntilIdle()
        return (display, gauge)
    }

    @Test(arguments: setups)
    func aValueChangeDamagesOnlyTheIndicatorAndTheLabel(_ setup: Setup) throws {
        let (display, gauge) = try makeDisplay(setup)
        let before = try #require(display.output.frontSurface).copy()

        gauge.value = 43
        #expect(try display.renderUntilIdle() == 1)
        let after = try #require(display.output.frontSurface)
        let damage = display.compositor.lastDamage
        let gaugeArea = Int(Self.gaugeFrame.width * Self.gaugeFrame.height)
        #expect(damage.area > 0)
        #expect(damage.area * 5 < gaugeArea, "damage \(damage) covers \(damage.area) of the gauge's \(gaugeArea) pixels")
        var changed = 0, outside = 0
        for y in 0..<after.height {
            for x in 0..<after.width where after.pixel(x: x, y: y) != before.pixel(x: x, y: y) {
                changed += 1
                if !damage.contains(x: x, y: y) { outside += 1 }
            }
        }
        #expect(changed > 0, "the indicator moved")
        #expect(outside == 0, "\(outside) pixels changed outside the damage")
        #expect(after.difference(from: display.compositor.renderFullFrame()).isEmpty)
    }

    /// A unit long enough to carry the value label past the gauge's edges: the label is painted
    /// whole where it reaches and erased when it shrinks, whether the unit, the value or the
    /// visibility changes, and a unit set while the gauge is hidden shows whole when it is shown.
    @Test(arguments: setups)
    func aValueLabelWiderThanTheGaugeIsPaintedAndErasedWhole(_ setup: Setup) throws {
        let (display, gauge) = try makeDisplay(setup)
        gauge.caption = ""
        let steps: [(String, () -> Void)] = [
            ("long unit", { gauge.unit = " WWWWWWWWWWWWWWW" }),
            ("value 43", { gauge.value = 43 }),
            ("value 100", { gauge.value = 100 }),
            ("value 7", { gauge.value = 7 }),
            ("hidden", { gauge.isHidden = true }),
            ("longer unit while hidden", { gauge.unit = " WWWWWWWWWWWWWWWWWWWW" }),
            ("shown", { gauge.isHidden = false }),
            ("caption", { gauge.caption = "Boiler" }),
            ("short unit", { gauge.unit = " °C" }),
        ]
        for (name, change) in steps {
            change()
            try display.renderUntilIdle()
            let difference = try #require(display.output.frontSurface).difference(from: display.compositor.renderFullFrame())
            #expect(difference.isEmpty, "\(name): \(difference.differingPixels) pixels differ in \(difference.differingBounds)")
        }
    }

    /// Many steps both ways, long and short: every partial frame equals a full repaint.
    @Test(arguments: setups)
    func partialFramesMatchFullRepaints(_ setup: Setup) throws {
        let (display, gauge) = try makeDisplay(setup)
        var random = SeededRandom(seed: 13)
        for _ in 0..<24 {
            // Mostly small steps, now and then a jump across the scale.
            gauge.value = Bool.random(using: &random) && Bool.random(using: &random)
                ? Double.random(in: 0...100, using: &random)
                : gauge.value + Double.random(in: -2.5...2.5, using: &random)
            try display.renderUntilIdle()
            let partial = try #require(display.output.frontSurface)
            let difference = partial.difference(from: display.compositor.renderFullFrame())
            #expect(difference.isEmpty, "value \(gauge.value): \(difference.differingPixels) pixels differ in \(difference.differingBounds)")
        }
    }
}
