import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// The gauge as it looks — a needle gauge and an arc gauge with zones side by side — in light and
/// dark, at text scale 1 and 1.5, and right to left (the scale runs the other way).
/// Goldens live in Tests/KioskCompositorTests/Golden/ui-gauge-*.png.
@MainActor
struct GaugeGoldenTests {
    nonisolated static let configurations: [ComponentGoldenTests.Configuration] =
        ComponentGoldenTests.Configuration.standard + [ComponentGoldenTests.Configuration.rightToLeft]

    static let zones = [
        GaugeZone(from: 0, to: 60, color: .systemGreen),
        GaugeZone(from: 60, to: 85, color: Color(.systemOrange)),
        GaugeZone(from: 85, to: 100, color: .systemRed),
    ]

    @Test(arguments: configurations)
    func gaugeMatchesItsGolden(_ configuration: ComponentGoldenTests.Configuration) throws {
        let root = View()
        root.backgroundColor = .systemBackground
        let needle = GaugeView(value: 42)
        needle.zones = Self.zones
        needle.unit = " °C"
        needle.caption = "Boiler"
        needle.frame = Rect(x: 10, y: 10, width: 200, height: 180)
        root.addSubview(needle)
        let arc = GaugeView()
        arc.indicator = .arc
        arc.minimumValue = 0
        arc.maximumValue = 2.5
        arc.majorTickCount = 6
        arc.minorTickCount = 1
        arc.fractionDigits = 1
        arc.unit = " bar"
        arc.value = 1.75
        arc.color = Color(.systemTeal)
        arc.zones = [GaugeZone(from: 2, to: 2.5, color: .systemRed)]
        arc.frame = Rect(x: 220, y: 10, width: 200, height: 180)
        root.addSubview(arc)
        let driver = HeadlessDriver(size: Size(width: 430, height: 200), environment: configuration.environment, rootView: root)
        try driver.settle()
        try GoldenImage.assertMatches(try driver.snapshot(), named: "ui-gauge-\(configuration)")
    }
}
