/// Which adapter builds each component type, with the registry of schemas validation uses.
/// A Swift program adds its own component with `register(_:schema:)` before loading a config:
///
/// ```swift
/// var table = AdapterTable.standard
/// table.register(DialAdapter(), schema: ComponentSchema(type: "dial", doc: "A needle dial.", properties: [...]))
/// let result = ConfigLoader(registry: table.registry).load(path: path)
/// ```
public struct AdapterTable {
    public private(set) var registry: ComponentRegistry
    private var adapters: [String: any ComponentAdapter] = [:]

    public init(registry: ComponentRegistry = .standard) {
        self.registry = registry
    }

    /// Every component of the component set: real adapters for the classes this build has,
    /// labelled placeholders for the others (see `unavailableTypes`).
    public static var standard: AdapterTable {
        var table = AdapterTable()
        let adapters: [any ComponentAdapter] = [
            StackAdapter(), OverlayAdapter(), SpacerAdapter(), LabelAdapter(), ImageAdapter(), CardAdapter(),
            ProgressAdapter(), MarkedSliderAdapter(), ButtonAdapter(), TappableCardAdapter(), SliderAdapter(),
            SwitchAdapter(), AvatarAdapter(), GridAdapter(), ScrollAdapter(),
            TextFieldAdapter(), TextFieldAdapter(underlined: true), TextViewAdapter(), KeyboardAdapter(),
            GaugeAdapter(),
            ListAdapter(),
            ChartAdapter(),
            QRCodeAdapter(),
        ]
        for adapter in adapters { table.adapters[adapter.type] = adapter }
        return table
    }

    /// Adds a component (or replaces one of the same type): YAML may use it once a config is
    /// loaded with `registry`.
    public mutating func register(_ adapter: any ComponentAdapter, schema: ComponentSchema) {
        precondition(adapter.type == schema.type, "adapter '\(adapter.type)' registered with the schema of '\(schema.type)'")
        registry.register(schema)
        adapters[adapter.type] = adapter
    }

    /// Replaces the adapter of a type the registry already knows (a completed control, say).
    public mutating func register(_ adapter: any ComponentAdapter) {
        precondition(registry.schema(for: adapter.type) != nil, "no schema for component '\(adapter.type)'")
        adapters[adapter.type] = adapter
    }

    /// The adapter of a type; a type with a schema but no adapter gets a placeholder.
    public func adapter(for type: String) -> any ComponentAdapter {
        if let adapter = adapters[type] { return adapter }
        let acceptsChildren = registry.schema(for: type)?.acceptsChildren ?? false
        return PendingComponentAdapter(type: type, acceptsChildren: acceptsChildren)
    }

    /// Types YAML accepts whose views are placeholders in this build.
    public var unavailableTypes: [String] {
        registry.typeNames.filter { !adapter(for: $0).isAvailable }
    }
}
