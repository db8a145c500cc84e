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
        #expect(AdapterTable.standard.unavailableTypes.isEmpty, "every standard component has its class")
        let box = PendingComponentAdapter(type: "box", captionProperty: "title", acceptsChildren: true)
        var table = AdapterTable.standard
        table.register(box, schema: ComponentSchema(type: "box", doc: "A box.", properties: [
            PropertySchema("title", .text, default: .text(.literal("")), doc: "Title.")], acceptsChildren: true))
        let config = try #require(ConfigLoader(registry: table.registry)
            .load(text: "panels: {home: {root: {type: box, title: Hi, children: [{type: label, text: a}, {type: label, text: b}]}}}").value)
        let boxNode = Reconciler(adapters: table, resolver: reconciler.resolver).make(config.panels[0].root)
        #expect(!boxNode.adapter.isAvailable)
        let boxView = try #require(boxNode.view as? PlaceholderView)
        #expect(boxView.caption.text == "[box: Hi] not in this build")
        #expect(boxView.content.subviews.count == 2, "a container placeholder still shows its children")
    }

    @Test func controlsGetTheirClassesAndReportEvents() throws {
        var events: [(String?, String, PropertyValue?)] = []
        reconciler.onEvent = { node, event, value in events.append((node.id, event, value)) }
        let node = reconciler.make(try widget("""
        type: scroll
        children:
          - {type: button, id: pay, title: Pay, background: system_green}
          - {type: switch, id: toggle, on: true}
          - {type: slider, id: level, value: 0.3, min: 0, max: 2}
          - {type: text_field, id: name, text: Ana, validate: {required: true}, error_message: Needed}
          - {type: grid, columns: 3, children: [{type: tappable_card, id: card, title: Kitchen}, {type: avatar, id: me, user_id: u1}]}
        """))
        let scroll = try #require(node.view as? StackedScrollView)
        #expect(scroll.stack.superview === scroll.contentView)
        let children = scroll.stack.subviews
        #expect(children.count == 5, "children stack inside the scroll's content view")
        let button = try #require(children[0] as? Button)
        #expect(button.title == "Pay" && button.tintColor == .systemGreen)
        #expect((children[1] as? Switch)?.isOn == true)
        let slider = try #require(children[2] as? Slider)
        #expect(slider.value == 0.3 && slider.maximumValue == 2)
        let field = try #require(children[3] as? TextField)
        #expect(field.text == "Ana" && field.validationRules == [.required] && field.errorMessage == "Needed")
        let grid = try #require(children[4] as? GridView)
        #expect(grid.columns == 3 && grid.subviews.first is TappableCard && grid.subviews.last is AvatarView)

        button.sendActions(for: .touchUpInside)
        slider.sendActions(for: .valueChanged)
        (grid.subviews.last as? AvatarView)?.onTap?("u1")
        #expect(events.map(\.1) == ["tap", "change", "tap"])
        #expect(events.map(\.0) == ["pay", "level", "me"])
        #expect(events[1].2 == .number(0.3) && events[2].2 == .string("u1"))
    }

    @Test func customComponentsRegisterAdapterAndSchema() throws {
        struct DialAdapter: ComponentAdapter {
            let type = "dial"
            func make(_ widget: WidgetSpec, context: AdapterContext) -> View { ProgressView() }
            func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
                changes.ifChanged("reading") { (view as? ProgressView)?.value = ($0?.number ?? 0) / 100 }
            }
        }
        var table = AdapterTable.standard
        table.register(DialAdapter(), schema: ComponentSchema(
            type: "dial", doc: "A dial.",
            properties: [PropertySchema("reading", .number(0...100), default: .number(0), doc: "Reading.")]))
        let config = try #require(ConfigLoader(registry: table.registry)
            .load(text: "panels: {home: {root: {type: dial, reading: 40}}}").value)
        let node = Reconciler(adapters: table, resolver: TextResolver(strings: config.strings, locale: "en")).make(config.panels[0].root)
        #expect((node.view as? ProgressView)?.value == 0.4)
    }

    @Test func keyboardSettingsOnAScreenWithoutAKeyboardLeaveTheTreeAlone() throws {
        let node = reconciler.make(try widget("{type: keyboard, layout: de}"))
        let settings = try #require(node.view as? KeyboardSettingsView)
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        root.addSubview(settings)
        let screen = Screen(size: Size(width: 320, height: 240), rootView: root)
        screen.layoutIfNeeded()
        #expect(screen.rootView === root, "looking for the keyboard installs no layer host")
        #expect(screen.layerHost == nil)
    }
}
