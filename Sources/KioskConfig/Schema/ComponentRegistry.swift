/// The component types YAML may use. `standard` holds every component of the component set;
/// Swift code registers its own (a `dial`, say) before loading a config that uses them.
nonisolated public struct ComponentRegistry: Sendable {
    public private(set) var commonProperties: [PropertySchema]
    private var schemas: [String: ComponentSchema] = [:]
    /// Registration order, so `describe()` lists components the way they were declared.
    public private(set) var typeNames: [String] = []

    public init(commonProperties: [PropertySchema] = CommonProperties.all) {
        self.commonProperties = commonProperties
    }

    /// Every component of the component set.
    public static let standard: ComponentRegistry = {
        var registry = ComponentRegistry()
        for schema in ContainerComponents.all + DisplayComponents.all + ControlComponents.all + [GaugeComponent.schema, ChartComponent.schema] {
            registry.register(schema)
        }
        registry.register(ListComponent.schema)
        return registry
    }()

    /// Adds a component type, or replaces the one of the same name.
    public mutating func register(_ schema: ComponentSchema) {
        if schemas[schema.type] == nil { typeNames.append(schema.type) }
        schemas[schema.type] = schema
    }

    /// The component as validation sees it: its own properties followed by the common properties
    /// it does not redefine.
    public func schema(for type: String) -> ComponentSchema? {
        guard var schema = schemas[type] else { return nil }
        let own = Set(schema.properties.map(\.name))
        schema.properties += commonProperties.filter { !own.contains($0.name) }
        return schema
    }

    /// Every property name any component accepts (for styles, which are not tied to one type).
    public var allPropertyNames: Set<String> {
        Set(commonProperties.map(\.name) + schemas.values.flatMap { $0.properties.map(\.name) })
    }

    /// The text `kiosk components` prints.
    public func describe() -> String {
        var lines = ["Common properties of every component:"]
        lines += commonProperties.flatMap { describe($0, indent: "  ") }
        for name in typeNames {
            guard let schema = schemas[name] else { continue }
            lines.append("")
            lines.append("\(name): \(schema.doc)")
            lines.append("  children: \(schema.acceptsChildren ? "yes" : "no")")
            lines.append("  events: " + (schema.events.isEmpty ? "none" : schema.events.map { "on_\($0)" }.joined(separator: ", ")))
            lines += schema.properties.flatMap { describe($0, indent: "  ") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func span(_ range: ClosedRange<Double>) -> String {
        "\(range.lowerBound.compact)…\(range.upperBound.compact)"
    }

    private func describe(_ property: PropertySchema, indent: String) -> [String] {
        var line = "\(indent)\(property.name) (\(property.type.name))"
        if let value = property.defaultValue { line += " = \(PropertyValueFormatter.format(value))" }
        switch property.type {
        case .choice(let values): line += " [\(values.joined(separator: "|"))]"
        case .list(.choice(let values)): line += " [\(values.joined(separator: "|"))]"
        case .number(let range?): line += " [\(range.lowerBound.compact)…\(range.upperBound.compact)]"
        case .integer(let range?) where range.upperBound != .max: line += " [\(range.lowerBound)…\(range.upperBound)]"
        case .size, .insets: line += " [each \(Self.span(PropertyLimits.length))]"
        case .point: line += " [each \(Self.span(PropertyLimits.offset))]"
        case .font: line += " [size \(Self.span(PropertyLimits.fontSize))]"
        default: break
        }
        var lines = [line + ": " + property.doc]
        if case .record(let fields) = property.type {
            lines += fields.flatMap { describe($0, indent: indent + "  ") }
        }
        return lines
    }
}
