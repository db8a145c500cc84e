import KioskConfig
import KioskExpression
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// What formulas read besides widgets: the locale they format in, and the data sources.
@MainActor
struct LiveLocaleTests {
    @Test func aLocaleSwitchFormatsBoundTextsAgain() throws {
        let kiosk = try PanelSessionFixture("""
            state:
              price: 12
            panels:
              home:
                root:
                  type: stack
                  children:
                    - {type: label, id: price, text: "${currency(state.price, 'EUR')}", size: [200, 24]}
                    - {type: label, id: language, text: "${locale}", size: [200, 24]}
            """)
        #expect(kiosk.label("price") == "€12.00")
        kiosk.host.run([.setLocale("de")])
        try kiosk.settle()
        #expect(kiosk.label("price") == "12,00\u{A0}€")
        #expect(kiosk.label("language") == "de")
    }
}

@MainActor
struct LiveSourceTests {
    @Test func aSourceValueReachesTheFormulasThatReadIt() throws {
        let kiosk = try PanelSessionFixture("""
            sources:
              weather: {push: {}}
            state:
              unit: C
            panels:
              home:
                root:
                  type: stack
                  children:
                    - {type: label, id: temp, text: "${weather.temp} °${state.unit}", size: [200, 24]}
                    - {type: label, id: stale, text: "${weather.stale ? 'old' : 'fresh'}", size: [200, 24]}
                    - {type: label, id: unit, text: "${state.unit}", size: [200, 24]}
            """)
        #expect(kiosk.label("temp") == "", "no value yet: the default, and a problem logged")
        #expect(kiosk.label("stale") == "old", "a source is stale before its first value")
        #expect(kiosk.formulaProblems.count == 1, "\(kiosk.formulaProblems)")
        let unit = kiosk.evaluations("unit", "text")
        kiosk.host.live.setSource("weather", SourceValue(value: .record(["temp": .number(21.5)]), stale: false,
                                                          updated: 1_768_467_600, error: nil))
        try kiosk.settle()
        #expect(kiosk.label("temp") == "21.5 °C")
        #expect(kiosk.label("stale") == "fresh")
        #expect(kiosk.evaluations("unit", "text") == unit, "a source change does not touch what does not read it")
        // A failure keeps the value and marks it stale.
        kiosk.host.live.setSource("weather", SourceValue(value: .record(["temp": .number(21.5)]), stale: true,
                                                          updated: 1_768_467_600, error: "timed out"))
        try kiosk.settle()
        #expect(kiosk.label("stale") == "old")
        #expect(kiosk.label("temp") == "21.5 °C")
        #expect(kiosk.host.controlEvaluateForTests("weather.error") == .ok("timed out"))
    }
}

extension PanelHost {
    func controlEvaluateForTests(_ text: String) -> ControlReply {
        PanelControlHandler(host: self, registry: reconciler.adapters.registry, configPath: nil, runtimeDirectory: "/tmp") {
            Surface(width: 1, height: 1, format: .xrgb8888)
        }.handle(.eval(expression: text))
    }
}
