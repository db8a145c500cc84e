import KioskGraphics
import KioskUI

/// `progress`: a `ProgressView` ring.
public struct ProgressAdapter: ComponentAdapter {
    public let type = "progress"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        ProgressView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let progress = view as? ProgressView else { return }
        changes.ifChanged("value") { assignIfDifferent(progress, \.value, min(max($0?.number ?? 0, 0), 1)) }
        changes.ifChanged("color") { assignIfDifferent(progress, \.color, $0?.color ?? .systemGreen) }
        changes.ifChanged("track_color") { assignIfDifferent(progress, \.trackColor, $0?.color ?? .systemGray) }
        changes.ifChanged("line_width") { assignIfDifferent(progress, \.lineWidth, $0?.number ?? 10) }
        changes.ifChanged("show_percentage") { assignIfDifferent(progress, \.showsPercentage, $0?.bool ?? true) }
        changes.ifChanged("font") { assignIfDifferent(progress, \.font, $0?.font) }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let progress = view as? ProgressView else { return nil }
        switch property {
        case "value": return .number(progress.value)
        case "color": return .color(progress.color)
        default: return nil
        }
    }
}
