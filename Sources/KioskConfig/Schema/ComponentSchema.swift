/// A problem a component finds among its own properties once each has been checked on its own
/// (`value` outside `min`…`max`), reported at the property named.
nonisolated public struct ComponentIssue: Equatable, Sendable {
    public var property: String
    public var message: String

    public init(property: String, message: String) {
        self.property = property
        self.message = message
    }
}

/// Everything validation and `kiosk components` need to know about a component type.
nonisolated public struct ComponentSchema: Sendable {
    /// Checks relations between properties; receives every resolved property (defaults included).
    public typealias Check = @Sendable ([String: PropertyValue]) -> [ComponentIssue]

    public var type: String
    public var doc: String
    /// The component's own properties; the common properties of every view are added by the registry
    /// (a property of the same name here replaces the common one, e.g. a card's default background).
    public var properties: [PropertySchema]
    public var acceptsChildren: Bool
    /// Events the component emits; `on_<event>` attaches actions to each (`tap` → `on_tap`).
    public var events: [String]
    public var check: Check?

    public init(type: String, doc: String, properties: [PropertySchema] = [], acceptsChildren: Bool = false,
                events: [String] = [], check: Check? = nil) {
        self.type = type
        self.doc = doc
        self.properties = properties
        self.acceptsChildren = acceptsChildren
        self.events = events
        self.check = check
    }

    public func property(named name: String) -> PropertySchema? {
        properties.first { $0.name == name }
    }
}
