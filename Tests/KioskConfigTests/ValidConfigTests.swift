import Testing
import KioskConfig
import KioskGraphics

/// Valid configs decode to the values their authors meant.
@Suite struct ValidConfigTests {
    let spec: KioskConfigSpec

    init() throws {
        let result = ConfigLoader().load(path: Corpus.path("Valid/full.yaml"))
        #expect(result.errors.isEmpty, "\(result.errors.map(\.description))")
        spec = try #require(result.value)
    }

    private func widget(_ id: String) throws -> WidgetSpec {
        try #require(spec.widget(id: id))
    }

    @Test func displaySettings() {
        #expect(spec.display == DisplaySpec(backend: .headless, size: Size(width: 800, height: 480),
                                            mode: DisplayMode(width: 1920, height: 1080, refreshRate: 60), rotation: 90,
                                            scale: 2, device: "/dev/dri/card1",
                                            idle: IdleSpec(dim: 30, blank: 120, returnToStart: 90)))
    }

    @Test func inputAndTheme() {
        #expect(spec.input == InputSpec(calibration: [1, 0, 0, 0, 1, 0], keyboardLayout: "es", seat: "seat1"))
        #expect(spec.theme == ThemeSpec(appearance: .dark, textScale: 1.25, accent: Color(hex: 0xFF9500), locale: "es"))
        #expect(spec.log == LogSpec(level: "debug"))
    }

    @Test func panelsKeepTheirOrderAndTheStartPanel() {
        #expect(spec.panels.map(\.id) == ["home", "done"])
        #expect(spec.start == "home")
        #expect(spec.panel(id: "home")?.onShow == [.emit(event: "home_shown", value: nil)])
    }

    @Test func aPanelWrittenWithChildrenGetsAVerticalStack() {
        let root = spec.panel(id: "done")?.root
        #expect(root?.type == "stack")
        #expect(root?["axis"] == .choice("vertical"))
        #expect(root?.children.map(\.type) == ["label", "switch", "text_field"])
    }

    @Test func stringsAreLookedUpInTheCurrentLocale() throws {
        let greeting = try widget("greeting")
        #expect(greeting.text("text") == .localized(key: "welcome"))
        #expect(spec.resolve(.localized(key: "welcome")) == "Bienvenido")
        #expect(spec.resolve(.localized(key: "welcome"), locale: "en") == "Welcome")
        #expect(spec.panel(id: "home")?.title == .localized(key: "welcome"))
        // `@@` escapes a literal at sign.
        #expect(try widget("cancel").text("title") == .literal("@home"))
    }

    @Test func coloursFontsSizesAndInsets() throws {
        let greeting = try widget("greeting")
        #expect(greeting.color("color") == Color(RGBA(hex: 0x112233, alpha: Double(0xCC) / 255)))
        #expect(greeting["font"] == .font(.style(.title)))
        #expect(try widget("ring")["size"] == .size(Size(width: 120, height: 120)))
        #expect(try widget("main")["padding"] == .insets(EdgeInsets(all: 20)))
        let done = spec.panel(id: "done")?.root.children.first
        #expect(done?["font"] == .font(.custom(Font(size: 40, weight: .bold))))
    }

    @Test func defaultsComeFromTheSchema() throws {
        let ring = try widget("ring")
        #expect(ring.color("color") == .systemGreen)
        #expect(ring.number("line_width") == 10)
        #expect(ring.bool("show_percentage") == true)
        #expect(ring.number("alpha") == 1)
        // A partly written record is completed from its defaults.
        #expect(ring["shadow"] == .record(["color": .color(.black), "opacity": .number(0.2),
                                          "offset": .point(Point(x: 0, y: 4)), "radius": .number(4)]))
    }

    @Test func stylesApplyWithExtensionAndTheWidgetWins() throws {
        let pay = try widget("pay")
        #expect(pay.style == "primary")
        #expect(pay.color("background") == Color.systemBlue.withAlphaComponent(0.8))
        #expect(pay.number("corner_radius") == 10)          // from base_button, through `extends`
        #expect(pay["padding"] == .insets(EdgeInsets(horizontal: 16, vertical: 8)))
        #expect(pay.text("title") == .localized(key: "pay")) // the widget's own value
        // A button's own `style` property is not a named style.
        let cancel = try widget("cancel")
        #expect(cancel.style == nil)
        #expect(cancel["style"] == .choice("bordered"))
    }

    @Test func actions() throws {
        #expect(try widget("volume").actions["change"] == [.set([Assignment(widgetID: "ring", property: "value", value: .eventValue)])])
        #expect(try widget("volume").actions["commit"] == [.emit(event: "volume", value: .eventValue)])
        #expect(try widget("pay").actions["tap"] == [
            .set([Assignment(widgetID: "greeting", property: "text", value: .literal(.text(.literal("Paid")))),
                  Assignment(widgetID: "ring", property: "value", value: .literal(.number(1)))]),
            .goto(panel: "done", transition: .fade),
        ])
        #expect(try widget("cancel").actions["long_press"] == [
            .alert(AlertSpec(title: .literal("Sure?"), message: .localized(key: "done"), buttons: [
                AlertButton(title: .literal("Yes"), actions: [.back, .setLocale("en")]),
                AlertButton(title: .literal("No")),
            ])),
        ])
        #expect(try widget("dark").actions["change"] == [.setAppearance(.toggle)])
        #expect(try widget("name").actions["submit"] == [.back])
    }

    @Test func anAlertsFontsAreReadAsAnyFontIs() throws {
        let text = """
            panels:
              home:
                root:
                  type: button
                  on_tap: {alert: {title: Sure?, title_font: title, message_font: 15, button_font: {weight: bold, size: 19}}}
            """
        let spec = try #require(ConfigLoader().load(text: text).value)
        #expect(spec.panels[0].root.actions["tap"] == [
            .alert(AlertSpec(title: .literal("Sure?"), titleFont: .style(.title), messageFont: .custom(Font(size: 15)),
                             buttonFont: .custom(Font(size: 19, weight: .bold)))),
        ])
    }

    @Test func durationsInEveryUnit() throws {
        for (written, seconds) in [("0.3s", 0.3), ("300ms", 0.3), ("2min", 120.0), ("1h", 3600.0), ("45", 45.0)] {
            let text = "display: {idle: {dim: \(written)}}\npanels: {home: {root: {type: label}}}\n"
            let spec = try #require(ConfigLoader().load(text: text).value)
            #expect(spec.display.idle.dim == seconds, "\(written)")
        }
    }

    @Test func sizesInEveryForm() throws {
        for written in ["[800, 480]", "800x480", "{width: 800, height: 480}"] {
            let text = "display: {size: \(written)}\npanels: {home: {root: {type: label}}}\n"
            let spec = try #require(ConfigLoader().load(text: text).value)
            #expect(spec.display.size == Size(width: 800, height: 480), "\(written)")
        }
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        let text = """
            panels:
              home:
                children:
                  - &base {type: card, title: One, background: system_teal}
                  - {<<: *base, title: Two}
            """
        let spec = try #require(ConfigLoader().load(text: text).value)
        let cards = spec.panels[0].root.children
        #expect(cards.map { $0.text("title") } == [.literal("One"), .literal("Two")])
        #expect(cards.map { $0.color("background") } == [Color(.systemTeal), Color(.systemTeal)])
    }

    /// A reload compares the parts of two configs: written another way, the same panels are equal.
    /// The configs are not, as they carry the fingerprints of their different bytes.
    @Test func aReloadCanDiffTwoSpecs() throws {
        let before = try #require(ConfigLoader().load(text: "panels: {home: {root: {type: label, text: A}}}").value)
        let same = try #require(ConfigLoader().load(text: "panels:\n  home:\n    root: {type: label, text: A}\n").value)
        let after = try #require(ConfigLoader().load(text: "panels: {home: {root: {type: label, text: B}}}").value)
        #expect(before.panels == same.panels && before.theme == same.theme && before.state == same.state)
        #expect(before.panels != after.panels)
        #expect(before != same && before.fingerprint != same.fingerprint)
    }

    /// The fleet's `config_hash`: the same bytes, the same fingerprint; a comment changes it.
    @Test func aConfigCarriesTheFingerprintOfItsBytes() throws {
        let text = "panels: {home: {root: {type: label, text: A}}}\n"
        let spec = try #require(ConfigLoader().load(text: text).value)
        #expect(spec.fingerprint == ConfigFingerprint.of(Array(text.utf8)))
        #expect(spec.fingerprint.count == 16 && spec.fingerprint.allSatisfy(\.isHexDigit))
        #expect(try #require(ConfigLoader().load(text: text).value).fingerprint == spec.fingerprint)
        #expect(try #require(ConfigLoader().load(text: text + "# edited\n").value).fingerprint != spec.fingerprint)
        #expect(KioskConfigSpec(start: "home", panels: []).fingerprint == "")
    }
}
