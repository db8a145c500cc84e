/// One property a component accepts: its name in YAML, what it accepts, what it is when not
/// written, and what it does.
nonisolated public struct PropertySchema: Equatable, Sendable {
    public var name: String
    public var type: PropertyType
    public var defaultValue: PropertyValue?
    public var doc: String

    public init(_ name: String, _ type: PropertyType, default defaultValue: PropertyValue? = nil, doc: String) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.doc = doc
    }

    /// The words a `.choice` property accepts (empty for other types).
    public var allowedValues: [String] {
        if case .choice(let values) = type { values } else { [] }
    }
}
