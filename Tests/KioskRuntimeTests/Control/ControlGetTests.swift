import KioskConfig
import KioskGraphics
import KioskRuntime
import Testing

/// What `get` answers is written as a config or a `set` writes it, so it can be sent back.
@MainActor
struct ControlGetTests {
    static let config = """
        strings:
          en: {greeting: Good morning}
        panels:
          home:
            children:
              - type: label
                id: title
                text: "@greeting"
                size: [140, 44]
                font: {size: 20, weight: bold}
                padding: {top: 1, left: 2, bottom: 3, right: 4}
                shadow: {offset: [0, 4], radius: 6}
              - {type: button, id: go, title: Go, font: headline}
              - {type: slider, id: level, min: 0, max: 10, value: 5}
        """

    @Test func everyKindOfValueIsAnsweredAsItIsWrittenAndSetsBackTheSame() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let handler = PanelControlHandler(host: kiosk.host, registry: kiosk.host.reconciler.adapters.registry, configPath: kiosk.path,
                                          runtimeDirectory: kiosk.directory) { Surface(width: 1, height: 1, format: .xrgb8888) }
        let expected: [(String, String, JSONValue)] = [
            ("title", "text", "Good morning"),  // the text shown
            ("title", "size", [140, 44]),
            ("title", "font", ["size": 20, "weight": "bold", "family": "DejaVu Sans"]),
            ("title", "padding", ["top": 1, "left": 2, "bottom": 3, "right": 4]),
            ("go", "font", "headline"),
            ("level", "value", 5),
        ]
        for (widget, property, json) in expected {
            let before = kiosk.host.value(of: property, widget: widget)
            #expect(handler.handle(.get(widget: widget, property: property)) == .ok(json), "\(widget).\(property)")
            #expect(handler.handle(.set(widget: widget, property: property, value: json)) == .ok, "\(widget).\(property)")
            #expect(kiosk.host.value(of: property, widget: widget) == before, "\(widget).\(property)")
        }
        guard case .ok(let shadow?) = handler.handle(.get(widget: "title", property: "shadow")) else {
            Issue.record("title.shadow is not readable")
            return
        }
        #expect(shadow["offset"] == [0, 4])
        #expect(handler.handle(.set(widget: "title", property: "shadow", value: shadow)) == .ok)
    }
}
