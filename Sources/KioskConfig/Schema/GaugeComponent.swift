import KioskGraphics

/// `gauge`: an arc gauge with ticks, zones, a needle or a value arc, and the value written in it.
nonisolated enum GaugeComponent {
    static let zoneFields: [PropertySchema] = [
        PropertySchema("from", .number(PropertyLimits.value), doc: "Where the zone starts, within min…max."),
        PropertySchema("to", .number(PropertyLimits.value), doc: "Where the zone ends, within min…max."),
        PropertySchema("color", .color, doc: "The zone's colour on the rim."),
    ]

    static let schema = ComponentSchema(
        type: "gauge", doc: "An arc gauge: ticks with locale-formatted labels, coloured zones, a needle or arc, and the value.",
        properties: [
            PropertySchema("value", .number(PropertyLimits.value), doc: "The value shown, within min…max (default: min)."),
            PropertySchema("min", .number(PropertyLimits.value), default: .number(0), doc: "The value at the start of the scale."),
            PropertySchema("max", .number(PropertyLimits.value), default: .number(100), doc: "The value at the end of the scale."),
            PropertySchema("zones", .list(.record(zoneFields)), doc: "Coloured ranges of the scale: [{from, to, color}]."),
            PropertySchema("indicator", .choice(["needle", "arc"]), default: .choice("needle"),
                           doc: "A needle, or an arc filled from min to the value."),
            PropertySchema("ticks", .record([
                PropertySchema("major", .integer(2...41), default: .integer(6), doc: "Labelled ticks, both ends included."),
                PropertySchema("minor", .integer(0...20), default: .integer(4), doc: "Unlabelled ticks between two labelled ones."),
            ]), default: .record(["major": .integer(6), "minor": .integer(4)]), doc: "How many ticks the scale has."),
            PropertySchema("label", .text, default: .text(.literal("")), doc: "A caption under the value: what is measured."),
            PropertySchema("unit", .text, default: .text(.literal("")), doc: "Written after the value, e.g. \" °C\"."),
            PropertySchema("digits", .integer(0...6), default: .integer(0), doc: "Fraction digits of the value."),
            PropertySchema("font", .font, doc: "Text style or font of the value (default: bold, sized to the gauge: 12 to 26)."),
            PropertySchema("scale_font", .font,
                           doc: "Text style or font of the tick labels (default: sized to the gauge: 9 to 13, as the caption)."),
            PropertySchema("label_font", .font,
                           doc: "Text style or font of the caption (default: sized to the gauge: 9 to 13, as the tick labels)."),
            PropertySchema("color", .color, default: .color(.systemBlue), doc: "Colour of the needle or the value arc."),
            PropertySchema("track_color", .color, default: .color(.systemGray4), doc: "The rim outside the zones and the arc's track."),
            PropertySchema("sweep", .number(30...360), default: .number(240), doc: "Degrees the scale turns, centred on the top."),
        ],
        check: check)

    /// `min` below `max`, `value` between them, and every zone a stretch of the scale.
    static let check: ComponentSchema.Check = { properties in
        let rangeIssues = ControlComponents.rangeCheck(properties)
        guard rangeIssues.isEmpty else { return rangeIssues }
        guard let low = properties["min"]?.number, let high = properties["max"]?.number,
              let zones = properties["zones"]?.list else { return [] }
        for (index, zone) in zones.enumerated() {
            let fields = zone.record ?? [:]
            let missing = ["from", "to", "color"].filter { fields[$0] == nil }
            guard missing.isEmpty else {
                return [ComponentIssue(property: "zones",
                                       message: "zone \(index + 1) needs " + missing.map { "'\($0)'" }.joined(separator: " and "))]
            }
            guard let from = fields["from"]?.number, let to = fields["to"]?.number else { continue }
            guard from < to else {
                return [ComponentIssue(property: "zones",
                                       message: "zone \(index + 1): 'from' (\(from.compact)) must be below 'to' (\(to.compact))")]
            }
            guard (low...high).contains(from), (low...high).contains(to) else {
                return [ComponentIssue(property: "zones", message: "zone \(index + 1) (\(from.compact)…\(to.compact)) "
                                       + "is outside min…max (\(low.compact)…\(high.compact))")]
            }
        }
        return []
    }
}
