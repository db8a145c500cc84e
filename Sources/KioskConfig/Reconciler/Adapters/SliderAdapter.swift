import KioskGraphics
import KioskUI

/// `slider`: a `Slider`; `on_change` while dragging, `on_commit` when the finger lifts.
public struct SliderAdapter: ComponentAdapter {
    public let type = "slider"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        let slider = Slider()
        let events = context.events
        _ = slider.addAction(for: .valueChanged) { control in
            events.send("change", value: .number((control as? Slider)?.value ?? 0))
        }
        _ = slider.addAction(for: .primaryAction) { control in
            events.send("commit", value: .number((control as? Slider)?.value ?? 0))
        }
        return slider
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let slider = view as? Slider else { return }
        // Bounds first, so a value inside the new bounds is not clamped to the old ones.
        changes.ifChanged("min") { assignIfDifferent(slider, \.minimumValue, $0?.number ?? 0) }
        changes.ifChanged("max") { assignIfDifferent(slider, \.maximumValue, $0?.number ?? 1) }
        changes.ifChanged("step") { assignIfDifferent(slider, \.step, $0?.number) }
        changes.ifChanged("value") { assignIfDifferent(slider, \.value, $0?.number ?? slider.minimumValue) }
        changes.ifChanged("min_track_color") { assignIfDifferent(slider, \.minimumTrackColor, $0?.color ?? .accent) }
        changes.ifChanged("max_track_color") { assignIfDifferent(slider, \.maximumTrackColor, $0?.color ?? .systemGray) }
        changes.ifChanged("thumb_color") { assignIfDifferent(slider, \.thumbColor, $0?.color ?? .white) }
        changes.ifChanged("enabled") { assignIfDifferent(slider, \.isEnabled, $0?.bool ?? true) }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let slider = view as? Slider else { return nil }
        switch property {
        case "value": return .number(slider.value)
        case "min_track_color": return .color(slider.minimumTrackColor)
        default: return nil
        }
    }
}
