import KioskGraphics
import KioskUI

/// `gauge`: a `GaugeView`.
public struct GaugeAdapter: ComponentAdapter {
    public let type = "gauge"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        GaugeView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let gauge = view as? GaugeView else { return }
        // Bounds before the value, so a value inside the new bounds is not held to the old ones.
        changes.ifChanged("min") { assignIfDifferent(gauge, \.minimumValue, $0?.number ?? 0) }
        changes.ifChanged("max") { assignIfDifferent(gauge, \.maximumValue, $0?.number ?? 100) }
        changes.ifChanged("value") { assignIfDifferent(gauge, \.value, $0?.number ?? gauge.minimumValue) }
        changes.ifChanged("zones") { assignIfDifferent(gauge, \.zones, Self.zones($0)) }
        changes.ifChanged("indicator") {
            assignIfDifferent(gauge, \.indicator, GaugeView.Indicator(rawValue: $0?.string ?? "") ?? .needle)
        }
        changes.ifChanged("ticks") { ticks in
            assignIfDifferent(gauge, \.majorTickCount, ticks?.record?["major"]?.integer ?? 6)
            assignIfDifferent(gauge, \.minorTickCount, ticks?.record?["minor"]?.integer ?? 4)
        }
        changes.ifChanged("label") { assignIfDifferent(gauge, \.caption, $0?.string ?? "") }
        changes.ifChanged("unit") { assignIfDifferent(gauge, \.unit, $0?.string ?? "") }
        changes.ifChanged("digits") { assignIfDifferent(gauge, \.fractionDigits, $0?.integer ?? 0) }
        changes.ifChanged("font") { assignIfDifferent(gauge, \.valueFont, $0?.font) }
        changes.ifChanged("scale_font") { assignIfDifferent(gauge, \.scaleFont, $0?.font) }
        changes.ifChanged("label_font") { assignIfDifferent(gauge, \.captionFont, $0?.font) }
        changes.ifChanged("color") { assignIfDifferent(gauge, \.color, $0?.color ?? .systemBlue) }
        changes.ifChanged("track_color") { assignIfDifferent(gauge, \.trackColor, $0?.color ?? Color(.systemGray4)) }
        changes.ifChanged("sweep") { sweep in
            let degrees = sweep?.number ?? 240
            // Centred on the top: the gap, if any, is at the bottom.
            assignIfDifferent(gauge, \.sweepAngle, degrees)
            assignIfDifferent(gauge, \.startAngle, 90 + (360 - degrees) / 2)
        }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let gauge = view as? GaugeView else { return nil }
        switch property {
        case "value": return .number(gauge.value)
        case "color": return .color(gauge.color)
        default: return nil
        }
    }

    /// Zones missing a field are left out (`kiosk check` reports them).
    static func zones(_ value: PropertyValue?) -> [GaugeZone] {
        (value?.list ?? []).compactMap { zone in
            guard let fields = zone.record, let from = fields["from"]?.number, let to = fields["to"]?.number,
                  let color = fields["color"]?.color else { return nil }
            return GaugeZone(from: from, to: to, color: color)
        }
    }
}
