import KioskConfig
import KioskUI

/// `type: dial` in YAML: its schema (what `kiosk check` validates against) and its adapter.
enum DialComponent {
    static let schema = ComponentSchema(
        type: "dial", doc: "A needle dial fed by a sensor; reports `alarm` when the reading reaches `alarm_level`.",
        properties: [
            PropertySchema("value", .number(PropertyLimits.value), default: .number(0), doc: "The current reading."),
            PropertySchema("min", .number(PropertyLimits.value), default: .number(0), doc: "The reading at the left end."),
            PropertySchema("max", .number(PropertyLimits.value), default: .number(100), doc: "The reading at the right end."),
            PropertySchema("alarm_level", .number(PropertyLimits.value), default: .number(80),
                           doc: "From here the arc is red and `on_alarm` runs."),
            PropertySchema("unit", .string, default: .string(""), doc: "Written after the reading, e.g. ' °C'."),
        ],
        events: ["alarm"])

    struct Adapter: ComponentAdapter {
        let type = "dial"

        func make(_ widget: WidgetSpec, context: AdapterContext) -> View { DialView() }

        func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
            guard let dial = view as? DialView else { return }
            changes.ifChanged("min") { assignIfDifferent(dial, \.minimum, $0?.number ?? 0) }
            changes.ifChanged("max") { assignIfDifferent(dial, \.maximum, $0?.number ?? 100) }
            changes.ifChanged("alarm_level") { assignIfDifferent(dial, \.alarmLevel, $0?.number ?? 80) }
            changes.ifChanged("unit") { assignIfDifferent(dial, \.unit, $0?.string ?? "") }
            changes.ifChanged("value") { value in
                let reading = value?.number ?? 0
                let crossed = dial.reading < dial.alarmLevel && reading >= dial.alarmLevel
                assignIfDifferent(dial, \.reading, reading)
                if crossed { context.events.send("alarm", value: .number(reading)) }
            }
        }

        func value(of property: String, in view: View) -> PropertyValue? {
            guard let dial = view as? DialView, property == "value" else { return nil }
            return .number(dial.reading)
        }
    }

    /// The standard components plus the dial.
    static var adapters: AdapterTable {
        var table = AdapterTable.standard
        table.register(Adapter(), schema: schema)
        return table
    }
}
