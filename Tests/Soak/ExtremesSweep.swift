import KioskConfig
import KioskRuntime

/// Every property of every widget with an id, set to each of its `ExtremeValues` in turn on the
/// panel that shows it, through the control socket's handler. After each value the screen is
/// made to rest and the presented frame compared with a full repaint; a refusal is an answer, not
/// a failure. Then the property gets back the value it had, so that the next one is tried on
/// the widget as configured and the next panel is not squeezed by the last one's extremes.
struct ExtremesSweep {
    let kiosk: SoakKiosk
    private(set) var requests = 0
    private(set) var refused = 0
    private(set) var failures: [String] = []

    init(kiosk: SoakKiosk) {
        self.kiosk = kiosk
    }

    /// Runs the sweep; stops at the first failure. `report` hears each widget as it starts.
    mutating func run(report: (String) -> Void) throws {
        let registry = AdapterTable.standard.registry
        for panel in kiosk.host.config.panels {
            for widget in panel.root.subtreeWithIDs {
                guard let schema = registry.schema(for: widget.type), let id = widget.id else { continue }
                report("  \(panel.id)/\(id) (\(widget.type)): \(schema.properties.count) properties")
                for property in schema.properties {
                    let target = JSONValue.string("\(id).\(property.name)")
                    let before = try kiosk.request(["cmd": "get", "target": target])
                    for value in ExtremeValues.values(for: property) {
                        try kiosk.request(["cmd": "goto", "panel": .string(panel.id)])
                        let reply = try kiosk.request(["cmd": "set", "target": target, "value": value])
                        requests += 1
                        if case .error = reply { refused += 1 }
                        try kiosk.settle()
                        // A view that starts to rasterize is painted directly once and then from its
                        // picture, which holds premultiplied pixels: antialiased edges over
                        // transparency (a stroked box, the boxes of glyphs no font has) come out of it
                        // one level apart (RasterCacheTests). Stale pixels are further off than that.
                        if let difference = kiosk.repaintDifference(tolerance: 1) {
                            failures.append("\(id).\(property.name) = \(Self.describe(value)): \(difference)")
                            return
                        }
                    }
                    if case .ok(let value?) = before { try kiosk.request(["cmd": "set", "target": target, "value": value]) }
                }
            }
        }
    }

    /// A value short enough for a report line.
    static func describe(_ value: JSONValue) -> String {
        let text = value.serialized
        return text.count <= 80 ? text : "\(text.prefix(60))… (\(text.utf8.count) bytes)"
    }
}
