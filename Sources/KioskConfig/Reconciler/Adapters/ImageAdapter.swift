import KioskGraphics
import KioskUI

/// `image`: an `ImageView` showing a PNG, or one of the built-in `Symbol`s (an unknown symbol name
/// shows nothing).
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
        changes.ifChanged("symbol") { assignIfDifferent(imageView, \.symbol, $0?.string.flatMap(Symbol.init(rawValue:))) }
        changes.ifChanged("content_mode") {
            assignIfDifferent(imageView, \.contentMode, ContentMode(rawValue: $0?.string ?? "") ?? .fit)
        }
        changes.ifChanged("tint") { assignIfDifferent(imageView, \.tint, $0?.color) }
        changes.ifChanged("circle") { assignIfDifferent(imageView, \.isCircular, $0?.bool ?? false) }
    }
}
