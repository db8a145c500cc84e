import KioskConfig
import KioskExpression
import Testing

/// What `kiosk check` says about formulas beyond the broken corpus: where a problem is placed,
/// what is allowed, and that the check stays linear in the number of widgets.
@Suite struct BindingCheckTests {
    private func errors(_ text: String) -> [ConfigError] {
        ConfigLoader().load(text: text).errors
    }

    @Test func aPartOfAFormulaIsPlacedOnItsLine() throws {
        let formula = try #require(try Formula.parse("= a.b + c")?.get())
        let spec = FormulaSpec(formula: formula, location: SourceLocation(file: "k.yaml", line: 4, column: 12))
        #expect(spec.location(of: ExpressionSpan(offset: 8, length: 1)) == SourceLocation(file: "k.yaml", line: 4, column: 20))
        let folded = FormulaSpec(formula: formula, location: SourceLocation(file: "k.yaml", line: 4, column: 12), columnsFollowText: false)
        #expect(folded.location(of: ExpressionSpan(offset: 8, length: 1)) == SourceLocation(file: "k.yaml", line: 4, column: 12))
    }

    @Test func aFormulaFoldedOverLinesIsReportedWhereItStarts() {
        let text = """
            panels:
              home:
                root:
                  type: label
                  text: "= upper(
                    'a' +)"
            """
        let found = errors(text)
        #expect(found.count == 1)
        #expect(found.first?.line == 5)
        #expect(found.first?.column == 13)
    }

    @Test func aBlockScalarFormulaIsReportedAtItsIndicator() {
        let text = """
            panels:
              home:
                root:
                  type: label
                  text: |
                    = 1 +
            """
        #expect(errors(text).map { "\($0.line):\($0.column)" } == ["5:13"])
    }

    @Test func aBindingAndALiteralSetOfTheSamePropertyAreFine() {
        let text = """
            styles:
              big: {type: label, text: Waiting}
            panels:
              home:
                children:
                  - {type: slider, id: volume}
                  - {type: label, id: level, style: big, text: "${round(volume.value * 100)} %"}
                  - {type: button, title: Mute, on_tap: {set: {level.text: Muted, volume.value: 0}}}
            """
        let result = ConfigLoader().load(text: text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let level = result.value?.widget(id: "level")
        #expect(level?.bindings["text"] != nil)
        #expect(level?.text("text") == .literal("Waiting"))
    }

    @Test func aLiteralOfTheWidgetReplacesItsStylesFormula() {
        let text = """
            styles:
              live: {type: label, text: "${now}"}
            panels:
              home:
                root: {type: label, id: plain, style: live, text: Fixed}
            """
        let widget = ConfigLoader().load(text: text).value?.widget(id: "plain")
        #expect(widget?.bindings.isEmpty == true)
        #expect(widget?.text("text") == .literal("Fixed"))
    }

    @Test func eventValueIsReadableInEveryAction() {
        let text = """
            state: {volume: 0}
            panels:
              home:
                on_show: {emit: {event: shown, value: "= $value"}}
                children:
                  - type: slider
                    on_change:
                      - set: {state.volume: "= $value * 100"}
                      - if: {when: "= $value > 0.5", then: [{emit: {event: loud, value: "${$value}"}}]}
            """
        #expect(errors(text).isEmpty, "\(errors(text))")
    }

    @Test func sourcesAreReadWithAnyMemberAndTheirStatus() {
        let text = """
            sources:
              weather: {}
            panels:
              home:
                root:
                  type: label
                  text: "${weather.temp.max} ${weather.error}"
                  hidden: "= weather.stale or weather.updated < now - 600"
            """
        #expect(errors(text).isEmpty, "\(errors(text))")
    }

    @Test func anEscapedTemplateIsLiteralWhereverTextIsWritten() throws {
        let text = """
            state: {hint: "$${price}"}
            panels:
              home:
                title: "Costs $${price}"
                root: {type: button, id: pay, title: "$${x}", on_tap: {alert: {title: "Pay $${x}?"}}}
            """
        let config = try #require(ConfigLoader().load(text: text).value)
        #expect(config.state.first?.initialValue == .text("${price}"))
        #expect(config.panels.first?.title == .literal("Costs ${price}"))
        #expect(config.widget(id: "pay")?.text("title") == .literal("${x}"))
        #expect(config.widget(id: "pay")?.actions["tap"] == [.alert(AlertSpec(title: .literal("Pay ${x}?")))])
    }

    @Test func theTopLevelKeysIncludeStateAndSources() {
        let found = errors("stat: {a: 1}\npanels: {home: {root: {type: label}}}\n")
        #expect(found.map(\.detail) == ["unknown key 'stat' in the config; did you mean 'state'?"])
    }

    /// Ten thousand widgets, each bound to the one before: checked in one walk, and a cycle
    /// through all of them is reported once, from the binding written first, at the read that
    /// leads back to it.
    @Test func aLongChainOfBindingsIsCheckedAndItsCycleReportedOnce() {
        let count = 10_000
        func config(closed: Bool) -> String {
            var lines = ["panels:", "  home:", "    children:"]
            for index in 0..<count {
                let read = index == 0 ? (closed ? "w\(count - 1).value" : "0.5") : "w\(index - 1).value"
                lines.append("      - {type: slider, id: w\(index), value: \"= \(read)\"}")
            }
            return lines.joined(separator: "\n") + "\n"
        }
        #expect(errors(config(closed: false)).isEmpty)
        let found = errors(config(closed: true))
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("binding cycle: w0.value → w9999.value → w9998.value → ") == true)
        #expect(found.first?.message.hasSuffix("→ w2.value → w1.value → w0.value") == true)
        #expect(found.first?.line == 5)
    }
}

/// The names a loaded config gives formulas checked while the kiosk runs.
@Suite struct ConfigCatalogueTests {
    @Test func aLoadedConfigNamesItsWidgetsStateAndSources() throws {
        let text = """
            state: {hours: 1, note: null}
            panels:
              home:
                children:
                  - {type: slider, id: level}
                  - {type: stack, children: [{type: text_field, id: plate}]}
            """
        let config = try #require(ConfigLoader().load(text: text).value)
        let catalogue = ExpressionCatalogue(config: config, sources: ["weather"], insideActions: false)
        #expect(catalogue.objects["level"]?["value"] == .number)
        #expect(catalogue.objects["plate"]?["valid"] == .bool)
        #expect(catalogue.objects["plate"]?["text"] == .text)
        #expect(catalogue.objects["state"] == ["hours": .number, "note": .any])
        #expect(catalogue.objects["weather"]?["stale"] == .bool)
        #expect(catalogue.openMembers == ["weather"])
        #expect(catalogue.names["now"] == .number)
        #expect(catalogue.names["$value"] == nil)
        #expect(ExpressionCatalogue(config: config, insideActions: true).names["$value"] == .any)
    }
}

/// Actions written outside the config (a script's `do:`, a control command) read the same names.
@Suite struct OutsideActionTests {
    @Test func formulasInActionsOutsideTheConfigAreChecked() throws {
        let config = try #require(ConfigLoader().load(text: """
            state: {hours: 1}
            panels: {home: {root: {type: label, id: price}}}
            """).value)
        let written = try #require(YAMLParser.parse(Array("""
            - set: {state.hours: "= state.hours + 1", price.text: "${weather.temp}"}
            - if: {when: "= state.hour > 2", then: [back]}
            """.utf8), file: "script.yaml").root)
        let decoder = ActionDecoder(sourceNames: ["weather"])
        guard case .failure(let failure) = decoder.actions(written, in: config) else {
            Issue.record("the unknown state name was not reported")
            return
        }
        #expect(failure.errors.map(\.description) == ["script.yaml:2:23: error: 'state' has no member 'hour'; did you mean 'hours'?"])
        #expect(ActionDecoder().actions(written, in: config).errors.contains { $0.message == "unknown name 'weather'" })
    }
}
