import KioskGraphics
import KioskUI

/// `image`: an `ImageView` showing a PNG. Symbols need an icon font that KioskGraphics does not
/// load yet; a `symbol` without a `source` shows nothing (the tint and geometry still apply).
public struct ImageAdapter: ComponentAdapter {
    public let type = "image"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        ImageView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let imageView = view as? ImageView else { return }
        changes.ifChanged("source") { source in
            imageView.image = source?.string.flatMap { try? Surface(contentsOfPNG: context.path($0)) }
        }
        changes.ifChanged("content_mode") {
            assignIfDifferent(imageView, \.contentMode, ContentMode(rawValue: $0?.string ?? "") ?? .fit)
        }
        changes.ifChanged("tint") { assignIfDifferent(imageView, \.tint, $0?.color) }
        changes.ifChanged("circle") { assignIfDifferent(imageView, \.isCircular, $0?.bool ?? false) }
    }
}
