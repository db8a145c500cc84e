import KioskExpression
import KioskPlatform
import KioskUI

/// Keeps a tree of views in step with widget specs. Identity is the widget's `id`, else its type and
/// position among its siblings; the same identity updates the view in place with only the
/// properties whose spec changed, a new one makes a view, and one that is gone is dismantled.
public final class Reconciler {
    public let adapters: AdapterTable
    public var resolver: TextResolver
    public var baseDirectory: String
    /// Events from views, with the node that sent them (the host runs the node's actions).
    public var onEvent: ((WidgetNode, String, PropertyValue?) -> Void)?
    /// Problems widgets report while being made or updated (an unreadable image).
    public var onProblem: ((String) -> Void)?
    /// Where formulas evaluated while widgets are made read the panel's names (a `list` row's,
    /// besides `$item` and `$index`); nil: they read only their own.
    public var formulaScope: (() -> any ExpressionScope)?
    /// The kiosk's clock and timers, for a component that reads formulas over time (a chart's
    /// history); nil: it reads them once.
    public weak var scheduler: (any Scheduler)?

    public init(adapters: AdapterTable = .standard, resolver: TextResolver, baseDirectory: String = ".") {
        self.adapters = adapters
        self.resolver = resolver
        self.baseDirectory = baseDirectory
    }

    // MARK: Whole trees

    public func make(_ spec: WidgetSpec) -> WidgetNode {
        let adapter = adapters.adapter(for: spec.type)
        let properties = resolver.resolve(spec.properties)
        let node = WidgetNode(adapter: adapter, view: View(), spec: spec, appliedProperties: properties)
        let context = self.context(for: node)
        let view = adapter.make(spec, context: context)
        node.setView(view)
        view.id = spec.id
        let changes = PropertyChanges(old: nil, new: properties)
        CommonViewProperties.apply(changes, to: view)
        adapter.update(view, changes: changes, context: context)
        node.children = spec.children.map(make)
        // A leaf keeps the subviews its class made (a card's labels); only widget children replace them.
        if !node.children.isEmpty {
            adapter.childContainer(of: view).setSubviews(node.children.map(\.view))
        }
        return node
    }

    /// Brings `node` to `spec`. Returns `node` itself, or a new node when the identity changed (a
    /// different type or id), in which case the caller puts the new view where the old one was.
    @discardableResult
    public func reconcile(_ node: WidgetNode, with spec: WidgetSpec) -> WidgetNode {
        guard Self.keepsIdentity(node, spec) else {
            dismantle(node)
            return make(spec)
        }
        update(node, to: spec)
        return node
    }

    public func dismantle(_ node: WidgetNode) {
        dismantleSubtree(node)
        node.view.removeFromSuperview()
    }

    /// Lets every adapter of the subtree let go of its view; the views stay where they are (the
    /// caller detaches the subtree's root, once).
    private func dismantleSubtree(_ node: WidgetNode) {
        for child in node.children { dismantleSubtree(child) }
        node.adapter.dismantle(node.view)
    }

    private static func keepsIdentity(_ node: WidgetNode, _ spec: WidgetSpec) -> Bool {
        node.spec.type == spec.type && node.spec.id == spec.id && node.spec.rows == spec.rows
    }

    private func update(_ node: WidgetNode, to spec: WidgetSpec) {
        let properties = resolver.resolve(spec.properties)
        let changes = PropertyChanges(old: node.appliedProperties, new: properties)
        let context = self.context(for: node)
        if properties != node.appliedProperties {
            CommonViewProperties.apply(changes, to: node.view)
            node.adapter.update(node.view, changes: changes, context: context)
            // What the config now says wins over what an action or a person set, for these properties only.
            for name in changes.changedNames { node.liveOverrides[name] = nil }
        }
        node.spec = spec
        node.appliedProperties = properties
        reconcileChildren(of: node, with: spec.children)
    }

    // MARK: Single properties (the `set` action)

    /// Gives one property of a live widget a new value, as if the spec said so, without changing
    /// the spec: a later reload that leaves that property alone keeps this value.
    public func set(_ property: String, to value: PropertyValue, on node: WidgetNode) {
        let resolved = resolver.resolve(value)
        let changes = PropertyChanges(old: [:], new: [property: resolved])
        CommonViewProperties.apply(changes, to: node.view)
        node.adapter.update(node.view, changes: changes, context: context(for: node))
        node.liveOverrides[property] = resolved
    }

    /// Gives one property of a live widget the value its binding computed. Unlike `set`, this is no
    /// live override: the spec binds the property, so a reload rebuilds the binding, which brings
    /// its value back; and a value an action set before is superseded.
    public func applyBound(_ value: PropertyValue, to property: String, on node: WidgetNode) {
        let changes = PropertyChanges(old: [:], new: [property: value])
        CommonViewProperties.apply(changes, to: node.view)
        node.adapter.update(node.view, changes: changes, context: context(for: node))
        node.liveOverrides[property] = nil
    }

    // MARK: Children

    private func reconcileChildren(of node: WidgetNode, with specs: [WidgetSpec]) {
        if node.children.isEmpty && specs.isEmpty { return }
        let oldIdentities = WidgetIdentity.identities(of: node.children.map(\.spec))
        var remaining = Dictionary(zip(oldIdentities, node.children), uniquingKeysWith: { first, _ in first })
        var children: [WidgetNode] = []
        children.reserveCapacity(specs.count)
        // Keyed by identity: every child is found in constant time, and views that go are not
        // detached one by one (each detach scans its siblings) but dropped by `setSubviews` together.
        for (identity, spec) in zip(WidgetIdentity.identities(of: specs), specs) {
            let existing = remaining.removeValue(forKey: identity)
            if let existing, Self.keepsIdentity(existing, spec) {
                update(existing, to: spec)
                children.append(existing)
            } else {
                if let existing { dismantleSubtree(existing) }
                children.append(make(spec))
            }
        }
        for gone in remaining.values { dismantleSubtree(gone) }
        node.children = children
        // Unchanged subviews are left alone (`setSubviews` returns early), so nothing is damaged for nothing.
        node.adapter.childContainer(of: node.view).setSubviews(children.map(\.view))
    }

    private func context(for node: WidgetNode) -> AdapterContext {
        let widget = node.spec.id.map { "widget '\($0)'" } ?? "a \(node.spec.type)"
        return AdapterContext(baseDirectory: baseDirectory, events: WidgetEvents { [weak self, weak node] event, value in
            guard let self, let node else { return }
            self.onEvent?(node, event, value)
        }, report: { [weak self] problem in self?.onProblem?("\(widget): \(problem)") }, reconciler: self)
    }
}
