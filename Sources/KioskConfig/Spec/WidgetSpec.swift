import KioskGraphics

/// One widget of a panel, as the config describes it. Identity for reconciling is `id` when
/// written, else `type` and position under the parent.
nonisolated public struct WidgetSpec: Equatable, Sendable {
    public var type: String
    public var id: String?
    /// The named style applied, if any (its properties are already in `properties`).
    public var style: String?
    /// Every property with a value: written ones, then the style's, then the schema's defaults.
    public var properties: [String: PropertyValue]
    public var children: [WidgetSpec]
    /// Actions per event name: `on_tap` is under `"tap"`.
    public var actions: [String: [ActionSpec]]
    /// Properties whose value comes from a formula, by property name. The property's entry in
    /// `properties` is what the widget shows while the formula has no value.
    public var bindings: [String: PropertyBinding]
    /// A `list`'s row template and key (nil for every other widget).
    public var rows: ListRowsSpec?

    public init(type: String, id: String? = nil, style: String? = nil, properties: [String: PropertyValue] = [:],
                children: [WidgetSpec] = [], actions: [String: [ActionSpec]] = [:], bindings: [String: PropertyBinding] = [:]) {
        self.type = type
        self.id = id
        self.style = style
        self.properties = properties
        self.children = children
        self.actions = actions
        self.bindings = bindings
    }

    public subscript(property: String) -> PropertyValue? { properties[property] }

    public func number(_ property: String) -> Double? { properties[property]?.number }
    public func bool(_ property: String) -> Bool? { properties[property]?.bool }
    public func color(_ property: String) -> Color? { properties[property]?.color }
    public func text(_ property: String) -> TextValue? { properties[property]?.text }
    public func string(_ property: String) -> String? { properties[property]?.string }

    /// This widget and its descendants, depth first, that satisfy the predicate.
    public func first(where predicate: (WidgetSpec) -> Bool) -> WidgetSpec? {
        if predicate(self) { return self }
        for child in children {
            if let found = child.first(where: predicate) { return found }
        }
        return nil
    }
}
