import KioskGraphics
import KioskUI

/// `image`: an `ImageView` showing a PNG, JPEG or SVG file, or an icon (a built-in symbol or
/// `mdi:NAME`; a name a formula gives that is not installed shows nothing). `fit` (contain, cover,
/// fill) wins over the older `content_mode` (fit, fill, center) when both are written.
public struct ImageAdapter: ComponentAdapter {
    public let type = "image"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        ImageView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let imageView = view as? ImageView else { return }
        changes.ifChanged("source") { source in
            imageView.content = source?.string.flatMap { context.imageContent(at: $0) }
        }
        changes.ifChanged("symbol") { assignIfDifferent(imageView, \.icon, $0?.string.flatMap { Icon(named: $0) }) }
        if changes.changed("content_mode") || changes.changed("fit") {
            assignIfDifferent(imageView, \.contentMode, Self.contentMode(fit: changes.new["fit"]?.string,
                                                                         contentMode: changes.new["content_mode"]?.string))
        }
        changes.ifChanged("tint") { assignIfDifferent(imageView, \.tint, $0?.color) }
        changes.ifChanged("circle") { assignIfDifferent(imageView, \.isCircular, $0?.bool ?? false) }
    }

    /// `fit: contain|cover|fill` in the view's terms, else `content_mode` as written, else `fit`.
    static func contentMode(fit: String?, contentMode: String?) -> ContentMode {
        switch fit {
        case "contain": .fit
        case "cover": .fill
        case "fill": .stretch
        default: ContentMode(rawValue: contentMode ?? "") ?? .fit
        }
    }
}
