import KioskUI

/// One live widget: the view made for a spec, the adapter that keeps them in step, and the spec
/// last applied (texts resolved), which the next reconcile compares with.
public final class WidgetNode {
    public let adapter: any ComponentAdapter
    public private(set) var view: View
    public internal(set) var spec: WidgetSpec
    /// `spec.properties` with texts resolved for the locale they were applied in.
    public internal(set) var appliedProperties: [String: PropertyValue]
    public internal(set) var children: [WidgetNode] = []
    /// Values given by `set` actions since the spec last changed them.
    public internal(set) var liveOverrides: [String: PropertyValue] = [:]

    init(adapter: any ComponentAdapter, view: View, spec: WidgetSpec, appliedProperties: [String: PropertyValue]) {
        self.adapter = adapter
        self.view = view
        self.spec = spec
        self.appliedProperties = appliedProperties
    }

    /// The view exists only after the adapter made it, which needs the node (for its events).
    func setView(_ view: View) { self.view = view }

    public var type: String { spec.type }
    public var id: String? { spec.id }

    /// This node and its descendants, depth first.
    public var subtree: [WidgetNode] {
        [self] + children.flatMap(\.subtree)
    }

    public func node(withID wanted: String) -> WidgetNode? {
        if spec.id == wanted { return self }
        for child in children {
            if let found = child.node(withID: wanted) { return found }
        }
        return nil
    }

    /// The property's live value: what the view reports, else what was last applied from the spec.
    public func value(of property: String) -> PropertyValue? {
        adapter.value(of: property, in: view) ?? liveOverrides[property]
            ?? CommonViewProperties.value(of: property, in: view) ?? appliedProperties[property]
    }

    /// The accessibility label: written, else the widget's visible text.
    public var accessibilityLabel: String? {
        if let label = appliedProperties["accessibility"]?.record?["label"]?.string { return label }
        for property in ["text", "title", "username", "placeholder"] {
            if let text = value(of: property)?.string, !text.isEmpty { return text }
        }
        return nil
    }
}

/// How a widget is recognised from one spec to the next: its id, else its type and how many
/// siblings of that type without an id come before it (so inserting a label before a slider does
/// not make the slider a new widget).
enum WidgetIdentity: Hashable {
    case id(String)
    case position(type: String, ordinal: Int)

    static func identities(of widgets: [WidgetSpec]) -> [WidgetIdentity] {
        var counts: [String: Int] = [:]
        return widgets.map { widget in
            if let id = widget.id { return .id(id) }
            let ordinal = counts[widget.type, default: 0]
            counts[widget.type] = ordinal + 1
            return .position(type: widget.type, ordinal: ordinal)
        }
    }
}
