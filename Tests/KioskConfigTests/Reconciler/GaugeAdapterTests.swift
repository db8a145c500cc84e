import KioskConfig
import KioskGraphics
import KioskUI
import Testing

/// `type: gauge` from YAML to a `GaugeView`, and its value held within the scale.
@MainActor
struct GaugeAdapterTests {
    let reconciler = Reconciler(resolver: TextResolver(strings: StringTables([:]), locale: "en"))

    func widget(_ yaml: String) throws -> WidgetSpec {
        try OneWidget.spec(yaml)
    }

    @Test func gaugeTakesEveryProperty() throws {
        let node = reconciler.make(try widget("""
        type: gauge
        value: 1.5
        min: -1
        max: 3
        indicator: arc
        ticks: {major: 5, minor: 1}
        zones:
          - {from: -1, to: 2, color: system_green}
          - {from: 2, to: 3, color: "#FF0000"}
        label: Pressure
        unit: " bar"
        digits: 1
        color: system_teal
        track_color: system_gray5
        sweep: 270
        size: [160, 150]
        """))
        let gauge = try #require(node.view as? GaugeView)
        #expect(gauge.value == 1.5)
        #expect(gauge.minimumValue == -1 && gauge.maximumValue == 3)
        #expect(gauge.indicator == .arc)
        #expect(gauge.majorTickCount == 5 && gauge.minorTickCount == 1)
        #expect(gauge.zones == [GaugeZone(from: -1, to: 2, color: .systemGreen), GaugeZone(from: 2, to: 3, color: Color(hex: 0xFF0000))])
        #expect(gauge.caption == "Pressure")
        #expect(gauge.unit == " bar")
        #expect(gauge.fractionDigits == 1)
        #expect(gauge.color == Color(.systemTeal))
        #expect(gauge.trackColor == Color(.systemGray5))
        #expect(gauge.sweepAngle == 270 && gauge.startAngle == 135)
    }

    @Test func defaultsAreANeedleFromMinToMax() throws {
        let gauge = try #require(reconciler.make(try widget("{type: gauge, min: 10, max: 20}")).view as? GaugeView)
        #expect(gauge.value == 10, "without a value the gauge shows min")
        #expect(gauge.indicator == .needle)
        #expect(gauge.majorTickCount == 6 && gauge.minorTickCount == 4)
        #expect(gauge.sweepAngle == 240 && gauge.startAngle == 150)
    }

    /// A bound value past the scale is held at its end, as sliders hold theirs.
    @Test func aValueOutsideTheScaleIsHeldAtItsEnds() throws {
        let node = reconciler.make(try widget("{type: gauge, value: 50}"))
        let gauge = try #require(node.view as? GaugeView)
        reconciler.applyBound(.number(140), to: "value", on: node)
        #expect(gauge.value == 100)
        reconciler.applyBound(.number(-5), to: "value", on: node)
        #expect(gauge.value == 0)
        #expect(reconciler.adapters.adapter(for: "gauge").value(of: "value", in: gauge) == .number(0))
    }

    @Test func theGaugeIsListedWithItsProperties() {
        let text = ComponentRegistry.standard.describe()
        #expect(text.contains("gauge: An arc gauge"))
        #expect(text.contains("indicator (choice) = needle [needle|arc]"))
    }
}
