import KioskGraphics
import KioskUI

/// `image`: an `ImageView` showing a PNG, or an icon (a built-in symbol or `mdi:NAME`; a name a
/// formula gives that is not installed shows nothing).
public struct ImageAdapter: ComponentAdapter {
    public let type = "image"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        ImageView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let imageView = view as? ImageView else { return }
        changes.ifChanged("source") { source in
            imageView.image = source?.string.flatMap(context.image(at:))
        }
        changes.ifChanged("symbol") { assignIfDifferent(imageView, \.icon, $0?.string.flatMap { Icon(named: $0) }) }
        changes.ifChanged("content_mode") {
            assignIfDifferent(imageView, \.contentMode, ContentMode(rawValue: $0?.string ?? "") ?? .fit)
        }
        changes.ifChanged("tint") { assignIfDifferent(imageView, \.tint, $0?.color) }
        changes.ifChanged("circle") { assignIfDifferent(imageView, \.isCircular, $0?.bool ?? false) }
    }
}
