import Foundation
import KioskConfig
import KioskExpression
import KioskGraphics
import Testing

/// Valid/live.yaml decodes to the bindings, state and actions its author meant.
@Suite struct LiveConfigTests {
    let spec: KioskConfigSpec

    init() throws {
        let result = ConfigLoader().load(path: Corpus.path("Valid/live.yaml"))
        #expect(result.errors.isEmpty, "\(result.errors.map(\.description))")
        spec = try #require(result.value)
    }

    private func widget(_ id: String) throws -> WidgetSpec {
        try #require(spec.widget(id: id))
    }

    private func formula(_ text: String, line: Int, column: Int) throws -> FormulaSpec {
        let formula = try #require(try Formula.parse(text)?.get())
        return FormulaSpec(formula: formula, location: SourceLocation(file: Corpus.path("Valid/live.yaml"), line: line, column: column))
    }

    @Test func stateIsDeclaredInOrderWithItsInitialValues() {
        #expect(spec.state.map(\.name) == ["hours", "plate", "paid", "last_payment", "zones", "tariff"])
        #expect(spec.state.map(\.initialValue) == [
            .number(1), .text(""), .bool(false), .null, .list([.text("A"), .text("B")]),
            .record(["rate": .number(1.5), "currency": .text("EUR")]),
        ])
        #expect(spec.state.first?.location.line == 6)
    }

    @Test func aBoundPropertyKeepsItsDefaultAndPointsInsideTheFormula() throws {
        let ring = try widget("ring")
        let binding = try #require(ring.bindings["value"])
        #expect(binding.property == "value")
        #expect(binding.type == .number(0...1))
        #expect(binding.formula == (try formula("= hours.value / 8", line: 47, column: 17)))
        #expect(ring.number("value") == 0)
        #expect(ring.bindings["show_percentage"] == nil)
        #expect(ring.bool("show_percentage") == false)
    }

    @Test func anUnquotedFormulaStartsAtItsEqualsSign() throws {
        let binding = try #require(try widget("hours").bindings["value"])
        #expect(binding.formula == (try formula("= state.hours", line: 43, column: 16)))
    }

    @Test func aTemplateBindsATextAndTheStyleGivesTheFallback() throws {
        let price = try widget("price")
        #expect(price.bindings["text"]?.formula.formula.isTemplate == true)
        #expect(price.bindings["text"]?.type == .text)
        #expect(price.text("text") == .literal(""))
        #expect(price["font"] == .font(.style(.headline)))
        // The widget's formula wins over its style's colour, which stays as the fallback.
        #expect(price.bindings["color"] != nil)
        #expect(price.color("color") == .label)
    }

    @Test func anEscapedTemplateIsLiteralText() throws {
        let literal = try widget("literal")
        #expect(literal.bindings.isEmpty)
        #expect(literal.text("text") == .literal("Write ${name} for a template"))
    }

    @Test func everyKindOfPropertyMayBeBound() throws {
        #expect(try widget("pay").bindings["enabled"]?.type == .bool)
        #expect(try widget("outside").bindings.keys.sorted() == ["alpha", "hidden", "text"])
        #expect(try widget("ring").bindings["color"]?.type == .color)
        #expect(try widget("plate").bindings["text"] != nil)
    }

    @Test func setTakesFormulasAndStateTargets() throws {
        let actions = try #require(try widget("pay").actions["tap"])
        guard case .set(let assignments) = actions.first else {
            Issue.record("expected a set, found \(actions)")
            return
        }
        #expect(assignments.map(\.target) == [.state("paid"), .state("last_payment"), .widget(id: "price", property: "text"),
                                             .state("zones")])
        #expect(assignments[0].value == .literal(.bool(true)))
        #expect(assignments[1].value == .formula(try formula("= now", line: 71, column: 58)))
        if case .formula(let template) = assignments[2].value {
            #expect(template.formula.isTemplate)
        } else {
            Issue.record("price.text is not a formula: \(assignments[2].value)")
        }
        #expect(assignments[3].value == .literal(.list([.string("C")])))
        #expect(assignments[0].widgetID == "state" && assignments[0].property == "paid")
    }

    @Test func emitAndIfTakeFormulas() throws {
        let actions = try #require(try widget("pay").actions["tap"])
        #expect(actions.count == 3)
        guard case .emit("paid", .formula(let value)?) = actions[1] else {
            Issue.record("expected an emit with a formula, found \(actions[1])")
            return
        }
        #expect(value.text == "= hours.value * state.tariff.rate")
        guard case .when(let condition, let then, let otherwise) = actions[2] else {
            Issue.record("expected an if, found \(actions[2])")
            return
        }
        #expect(condition.text == "= state.hours > 4")
        #expect(then == [.alert(AlertSpec(title: .literal("Long stay")))])
        #expect(otherwise == [.goto(panel: "done", transition: .slide)])
    }

    @Test func anIfWithoutElseAndAnIfInOnShow() throws {
        let reset = try #require(try widget("reset").actions["tap"])
        guard case .when(_, let then, let otherwise) = reset.last else {
            Issue.record("expected an if, found \(reset)")
            return
        }
        #expect(then == [.back])
        #expect(otherwise.isEmpty)
        guard case .when(let condition, let shown, _)? = spec.panel(id: "parking")?.onShow.first else {
            Issue.record("on_show has no if")
            return
        }
        #expect(condition == (try formula("= state.paid", line: 30, column: 18)))
        #expect(shown == [.goto(panel: "done", transition: .slide)])
    }

    @Test func settingAStateToNullOrToAText() throws {
        let reset = try #require(try widget("reset").actions["tap"])
        guard case .set(let assignments) = reset.first else {
            Issue.record("expected a set, found \(reset)")
            return
        }
        guard case .formula(let null) = assignments[0].value else {
            Issue.record("null is not kept as a formula: \(assignments[0].value)")
            return
        }
        #expect(try null.formula.evaluate(in: NoNames()).get() == .null)
        #expect(assignments[1] == Assignment(state: "plate", value: .literal(.string(""))))
        #expect(assignments[2] == Assignment(widgetID: "hours", property: "value", value: .literal(.number(1))))
    }
}

/// A scope with nothing in it, for formulas that read no name.
struct NoNames: ExpressionScope {
    func value(of name: String, member: String?) -> ExpressionValue? { nil }
    var locale: String { "en" }
    var timeZone: TimeZone { TimeZone(identifier: "UTC")! }
}
