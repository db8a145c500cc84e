import KioskConfig
import KioskGraphics
import KioskUI
import Testing

/// `qr_code` from YAML: every property reaches the view, a too-long literal fails the check, and a
/// bound text that grows too long is reported once.
@MainActor
struct QRCodeAdapterTests {
    func load(_ widget: String) -> Result<KioskConfigSpec, ConfigErrors> {
        ConfigLoader().load(text: "panels:\n  home:\n    root:\n      " + widget + "\n")
    }

    @Test func everyPropertyReachesTheView() throws {
        let config = try #require(load("""
        {type: qr_code, text: "https://example.com/pay?order=1042", error_correction: H, quiet_zone: 2, \
        dark_color: "#102030", light_color: "#f0f0e0"}
        """).value)
        let node = Reconciler(resolver: TextResolver(strings: StringTables(), locale: "en")).make(config.panels[0].root)
        let view = try #require(node.view as? QRCodeView)
        #expect(view.text == "https://example.com/pay?order=1042")
        #expect(view.errorCorrection == .high)
        #expect(view.quietZone == 2)
        #expect(view.darkColor == Color(hex: 0x102030))
        #expect(view.lightColor == Color(hex: 0xF0F0E0))
        #expect(view.code != nil)
    }

    @Test func defaultsAreLevelMAQuietZoneOf4AndBlackOnWhite() throws {
        let config = try #require(load("{type: qr_code, text: hello}").value)
        let view = try #require(Reconciler(resolver: TextResolver(strings: StringTables(), locale: "en")).make(config.panels[0].root).view as? QRCodeView)
        #expect(view.errorCorrection == .medium)
        #expect(view.quietZone == 4)
        #expect(view.darkColor == .black)
        #expect(view.lightColor == .white)
    }

    @Test func aLiteralTextThatFitsAtLevelLButNotMFailsOnlyAtM() {
        let text = String(repeating: "x", count: 2400)
        #expect(load("{type: qr_code, text: \(text), error_correction: L}").errors.isEmpty)
        let errors = load("{type: qr_code, text: \(text)}").errors
        #expect(errors.count == 1)
        #expect(errors.first?.description.contains("'text' cannot be shown as a QR code: the text (2400 bytes of UTF-8)") == true)
    }

    /// A formula's value is unknown at check time: it is not held to the limit there.
    @Test func aBoundTextIsNotCheckedAgainstTheCapacity() {
        #expect(load("{type: qr_code, text: \"= 'x' + 'y'\"}").errors.isEmpty)
    }

    @Test func aBoundTextTooLongIsReportedOnceUntilATextFitsAgain() throws {
        let adapter = QRCodeAdapter()
        var reports: [String] = []
        let context = AdapterContext(report: { reports.append($0) })
        let spec = try #require(load("{type: qr_code}").value).panels[0].root
        let view = adapter.make(spec, context: context)
        var current = spec.properties
        func show(_ text: String) {
            var next = current
            next["text"] = .text(.literal(text))
            adapter.update(view, changes: PropertyChanges(old: current, new: next), context: context)
            current = next
        }
        show("fits")
        #expect(reports.isEmpty)
        show(String(repeating: "a", count: 3000))
        show(String(repeating: "b", count: 3000))
        #expect(reports.count == 1)
        #expect(reports.first?.contains("3000 bytes") == true)
        #expect((view as? QRCodeView)?.code == nil)
        show("fits again")
        #expect((view as? QRCodeView)?.code != nil)
        show(String(repeating: "c", count: 2500))
        #expect(reports.count == 2)
    }
}
