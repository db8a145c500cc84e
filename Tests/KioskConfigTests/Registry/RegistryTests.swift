import KioskExpression
import Testing
import KioskConfig

@Suite struct RegistryTests {
    static let componentTypes = ["stack", "overlay", "spacer", "grid", "scroll", "label", "image", "card", "progress",
                                 "avatar", "qr_code", "button", "tappable_card", "slider", "marked_slider", "switch", "text_field",
                                 "underlined_text_field", "text_view", "keyboard", "gauge", "chart", "list"]

    @Test func everyComponentOfTheSetIsRegistered() {
        #expect(ComponentRegistry.standard.typeNames == Self.componentTypes)
    }

    @Test func commonPropertiesAreMergedAndComponentDefaultsWin() throws {
        let card = try #require(ComponentRegistry.standard.schema(for: "card"))
        #expect(card.property(named: "background")?.defaultValue == .color(.systemBlue))
        #expect(card.property(named: "corner_radius")?.defaultValue == .number(12))
        #expect(card.property(named: "alpha")?.defaultValue == .number(1))
        let button = try #require(ComponentRegistry.standard.schema(for: "button"))
        #expect(button.property(named: "background")?.defaultValue == .color(.systemRed))
        #expect(button.property(named: "corner_radius")?.defaultValue == .number(5))
        #expect(button.events == ["tap", "long_press"])
    }

    @Test func aCustomComponentCanBeUsedFromYAML() throws {
        var registry = ComponentRegistry.standard
        registry.register(ComponentSchema(
            type: "dial", doc: "A needle dial fed by a sensor.",
            properties: [
                PropertySchema("value", .number(), default: .number(0), doc: "Current reading."),
                PropertySchema("unit", .choice(["celsius", "bar"]), default: .choice("celsius"), doc: "Unit shown."),
            ],
            events: ["alarm"]))
        let text = """
            panels:
              home:
                root: {type: dial, id: boiler, value: 72, unit: bar, on_alarm: {emit: overheated}}
            """
        let spec = try #require(ConfigLoader(registry: registry).load(text: text).value)
        let gauge = try #require(spec.widget(id: "boiler"))
        #expect(gauge.number("value") == 72)
        #expect(gauge["unit"] == .choice("bar"))
        #expect(gauge.number("alpha") == 1)
        #expect(gauge.actions["alarm"] == [.emit(event: "overheated", value: nil)])
        // Without the registration the same file is an error.
        let errors = ConfigLoader().load(text: text).errors
        #expect(errors.first?.detail == "unknown component type 'dial'")
        #expect(registry.describe().contains("dial: A needle dial fed by a sensor."))
    }

    @Test func describeListsTypesDefaultsAllowedValuesAndDocs() {
        let text = ComponentRegistry.standard.describe()
        #expect(text.contains("stack: Lays children out"))
        #expect(text.contains("  axis (choice) = vertical [vertical|horizontal]: The direction children are placed in."))
        #expect(text.contains("  value (number) = 0 [0…1]: Progress from 0 to 1."))
        #expect(text.contains("  events: on_change, on_commit"))
        #expect(text.contains("    radius (number) = 8 [0…200]: Blur radius in points."))
        #expect(text.contains("  size (size) [each 0…16384]: Fixed width and height"))
        #expect(text.contains("  lines (integer) = 0 [0…10000]: Most lines shown"))
        for type in Self.componentTypes { #expect(text.contains("\n\(type): "), "\(type)") }
    }

    @Test func suggestionsUseEditDistance() {
        #expect(NameSuggestion.editDistance("spacng", "spacing") == 1)
        #expect(NameSuggestion.editDistance("sapcing", "spacing") == 1)
        #expect(NameSuggestion.closest(to: "spacng", among: ["axis", "spacing", "alignment"]) == "spacing")
        #expect(NameSuggestion.closest(to: "colour", among: ["color", "font"]) == "color")
        #expect(NameSuggestion.closest(to: "zzz", among: ["spacing"]) == nil)
    }
}

@Suite struct ConfigCheckerTests {
    @Test func aValidFileExitsZero() {
        let report = ConfigChecker().check(path: Corpus.path("Valid/full.yaml"))
        #expect(report.exitStatus == 0)
        #expect(report.output.hasSuffix("full.yaml: OK (2 panels, 10 widgets, start 'home')\n"))
    }

    @Test func aBrokenFilePrintsCompilerStyleErrorsAndExitsOne() {
        let text = """
            panels:
              home:
                root:
                  type: stack
                  spacng: 4
                  children: [{type: label, font: tiny}]
            """
        let report = ConfigChecker().check(text: text, file: "kiosk.yaml")
        #expect(report.exitStatus == 1)
        #expect(report.output == """
            kiosk.yaml:5:7: error: unknown property 'spacng' for stack; did you mean 'spacing'?
            kiosk.yaml:6:38: error: invalid value for 'font': expected a text style (large_title, title, headline, body, subheadline, caption1, caption2) or {size, weight, family} with a size from 1 to 500, found 'tiny'
            kiosk.yaml: 2 errors

            """)
    }
}
