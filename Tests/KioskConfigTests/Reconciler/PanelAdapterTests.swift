import KioskConfig
import KioskGraphics
import KioskUI
import Testing

/// Adapters: each builds its view class from a spec and updates it only where the spec changed.
@MainActor
struct PanelAdapterTests {
    let reconciler = Reconciler(resolver: TextResolver(strings: StringTables(["en": ["hi": "Hello"], "es": ["hi": "Hola"]]),
                                                       locale: "en"))

    func widget(_ yaml: String) throws -> WidgetSpec {
        let text = "strings: {en: {hi: Hello}, es: {hi: Hola}}\npanels:\n  home:\n    root:\n" + yaml
            .split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
        let result = ConfigLoader().load(text: text)
        guard case .success(let config) = result else { throw result.errors.first ?? ConfigError(at: .init(file: "", line: 0, column: 0), "?") }
        return config.panels[0].root
    }

    @Test func labelTakesEveryProperty() throws {
        let node = reconciler.make(try widget("""
        {type: label, id: title, text: "@hi", font: headline, color: system_red, alignment: center, lines: 2,
         padding: 4, background: system_gray6, corner_radius: 6, alpha: 0.5, hidden: true, border: {width: 2}}
        """))
        let label = try #require(node.view as? Label)
        #expect(label.id == "title")
        #expect(label.text == "Hello")
        #expect(label.textStyle == .headline)
        #expect(label.textColor == .systemRed)
        #expect(label.textAlignment == .center)
        #expect(label.numberOfLines == 2)
        #expect(label.padding == EdgeInsets(all: 4))
        #expect(label.cornerRadius == 6)
        #expect(label.alpha == 0.5)
        #expect(label.isHidden)
        #expect(label.border == Border(width: 2, color: Color(.systemGray4)))
    }

    @Test func containersAndDisplayComponentsGetTheirClasses() throws {
        let node = reconciler.make(try widget("""
        type: stack
        axis: horizontal
        spacing: 12
        children:
          - {type: overlay, children: [{type: spacer, min_length: 10}]}
          - {type: card, title: Kitchen, subtitle: 21 °C}
          - {type: progress, value: 0.25, line_width: 6}
          - {type: marked_slider, value: 4, max: 8, step: 2}
          - {type: image, content_mode: fill, circle: true}
        """))
        let stack = try #require(node.view as? StackView)
        #expect(stack.axis == .horizontal && stack.spacing == 12)
        #expect(stack.subviews.count == 5)
        #expect(stack.subviews[0] is OverlayView)
        #expect((stack.subviews[0].subviews.first as? SpacerView)?.minLength == 10)
        let card = try #require(stack.subviews[1] as? CardView)
        #expect(card.title == "Kitchen" && card.subtitle == "21 °C")
        #expect(card.backgroundColor == .systemBlue && card.cornerRadius == 12, "the card's schema defaults apply")
        #expect(card.subviews.count == 2, "a leaf keeps the labels its class made")
        let progress = try #require(stack.subviews[2] as? ProgressView)
        #expect(progress.value == 0.25 && progress.lineWidth == 6)
        let slider = try #require(stack.subviews[3] as? MarkedSlider)
        #expect(slider.value == 4 && slider.maximumValue == 8 && slider.step == 2)
        let image = try #require(stack.subviews[4] as? ImageView)
        #expect(image.contentMode == .fill && image.isCircular)
    }

    @Test func updateTouchesOnlyWhatTheSpecChanged() throws {
        let first = try widget("{type: label, text: One, color: system_blue}")
        let node = reconciler.make(first)
        let label = try #require(node.view as? Label)
        // Someone (an action, a person) changed the colour; the next spec changes only the text.
        label.textColor = .systemGreen
        var second = first
        second.properties["text"] = .text(.literal("Two"))
        reconciler.reconcile(node, with: second)
        #expect(label.text == "Two")
        #expect(label.textColor == .systemGreen, "a property the spec did not change keeps its live value")
        // The same spec again is a no-op.
        reconciler.reconcile(node, with: second)
        #expect(label.text == "Two" && label.textColor == .systemGreen)
    }

    @Test func localeSwitchUpdatesLocalizedTexts() throws {
        let spec = try widget("{type: card, title: '@hi', subtitle: fixed}")
        let node = reconciler.make(spec)
        reconciler.resolver = TextResolver(strings: StringTables(["en": ["hi": "Hello"], "es": ["hi": "Hola"]]), locale: "es")
        reconciler.reconcile(node, with: spec)
        let card = try #require(node.view as? CardView)
        #expect(card.title == "Hola" && card.subtitle == "fixed")
    }

    @Test func missingComponentsAreLabelledPlaceholders() throws {
        let node = reconciler.make(try widget("{type: button, id: pay, title: Pay}"))
        let placeholder = try #require(node.view as? PlaceholderView)
        #expect(!node.adapter.isAvailable)
        #expect(placeholder.caption.text == "[button: Pay] not in this build")
        #expect(Set(AdapterTable.standard.unavailableTypes) == ["button", "tappable_card", "slider", "switch", "text_field",
                                                               "underlined_text_field", "text_view", "keyboard", "avatar",
                                                               "grid", "scroll"])
        let grid = reconciler.make(try widget("{type: grid, children: [{type: label, text: a}, {type: label, text: b}]}"))
        #expect((grid.view as? PlaceholderView)?.content.subviews.count == 2, "a container placeholder still shows its children")
    }

    @Test func customComponentsRegisterAdapterAndSchema() throws {
        struct GaugeAdapter: ComponentAdapter {
            let type = "gauge"
            func make(_ widget: WidgetSpec, context: AdapterContext) -> View { ProgressView() }
            func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
                changes.ifChanged("reading") { (view as? ProgressView)?.value = ($0?.number ?? 0) / 100 }
            }
        }
        var table = AdapterTable.standard
        table.register(GaugeAdapter(), schema: ComponentSchema(
            type: "gauge", doc: "A gauge.",
            properties: [PropertySchema("reading", .number(0...100), default: .number(0), doc: "Reading.")]))
        let config = try #require(ConfigLoader(registry: table.registry)
            .load(text: "panels: {home: {root: {type: gauge, reading: 40}}}").value)
        let node = Reconciler(adapters: table, resolver: TextResolver(strings: config.strings, locale: "en")).make(config.panels[0].root)
        #expect((node.view as? ProgressView)?.value == 0.4)
    }
}
