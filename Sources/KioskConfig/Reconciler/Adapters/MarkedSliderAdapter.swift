import KioskGraphics
import KioskUI

/// `marked_slider`: a `MarkedSlider` that snaps to its ticks; `on_change` while dragging, `on_commit`
/// when the finger lifts.
public struct MarkedSliderAdapter: ComponentAdapter {
    public let type = "marked_slider"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        let slider = MarkedSlider()
        let events = context.events
        _ = slider.addAction(for: .valueChanged) { control in
            events.send("change", value: .number((control as? MarkedSlider)?.value ?? 0))
        }
        _ = slider.addAction(for: .primaryAction) { control in
            events.send("commit", value: .number((control as? MarkedSlider)?.value ?? 0))
        }
        return slider
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let slider = view as? MarkedSlider else { return }
        // Bounds before the value, so a value inside the new bounds is not clamped to the old ones.
        changes.ifChanged("min") { assignIfDifferent(slider, \.minimumValue, $0?.number ?? 0) }
        changes.ifChanged("max") { assignIfDifferent(slider, \.maximumValue, $0?.number ?? 10) }
        changes.ifChanged("step") { assignIfDifferent(slider, \.step, $0?.number ?? 1) }
        changes.ifChanged("value") { assignIfDifferent(slider, \.value, $0?.number ?? slider.minimumValue) }
        changes.ifChanged("active_color") { assignIfDifferent(slider, \.activeColor, $0?.color ?? .accent) }
        changes.ifChanged("enabled") { assignIfDifferent(slider, \.isEnabled, $0?.bool ?? true) }
        changes.ifChanged("inactive_color") {
            assignIfDifferent(slider, \.inactiveColor, $0?.color ?? .systemGray)
        }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let slider = view as? MarkedSlider else { return nil }
        switch property {
        case "value": return .number(slider.value)
        case "active_color": return .color(slider.activeColor)
        default: return nil
        }
    }
}
