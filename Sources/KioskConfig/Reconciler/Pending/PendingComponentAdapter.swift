import KioskUI

/// The shared part of the adapters of components whose view classes this build lacks: a labelled
/// `PlaceholderView` that shows the widget's main text. Each such component has its own file in
/// this folder; completing one means replacing its `PendingComponentAdapter` with a real adapter
/// (make the class, apply the listed properties, wire its events to `EventSink`).
public struct PendingComponentAdapter: ComponentAdapter {
    public let type: String
    /// The property whose text the placeholder shows (a button's title), if any.
    public let captionProperty: String?
    public let acceptsChildren: Bool
    public var isAvailable: Bool { false }

    public init(type: String, captionProperty: String? = nil, acceptsChildren: Bool = false) {
        self.type = type
        self.captionProperty = captionProperty
        self.acceptsChildren = acceptsChildren
    }

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        PlaceholderView(componentType: type, acceptsChildren: acceptsChildren)
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let placeholder = view as? PlaceholderView, let captionProperty else { return }
        changes.ifChanged(captionProperty) { placeholder.describe(detail: $0?.string) }
    }

    public func childContainer(of view: View) -> View {
        (view as? PlaceholderView)?.content ?? view
    }
}
