import KioskExpression

/// The names formulas read that are not widgets, and what each widget shows them.
nonisolated public enum ExpressionNames {
    /// Plain names every formula may read, with their types.
    public static let globals: [String: ExpressionType] = [
        "now": .number, "panel": .text, "locale": .text, "appearance": .text,
    ]
    /// The event's value, inside actions only.
    public static let eventValue = "$value"
    /// The root name of the `state:` variables.
    public static let state = "state"
    /// What every data source shows besides its value's fields.
    public static let sourceMembers: [String: ExpressionType] = ["stale": .bool, "updated": .number, "error": .text]

    /// Root names a widget id may not take, since a formula would not know which one it reads.
    public static var reserved: Set<String> { Set(globals.keys).union([state]) }

    /// Values a component shows to formulas beyond its properties (`plate.valid`), and the
    /// properties each follows (a binding that reads `plate.valid` depends on `plate.text`).
    public static let derivedMembers: [String: [String: (type: ExpressionType, follows: [String])]] = [
        "text_field": ["valid": (.bool, ["text", "validate"])],
    ]

    /// What a formula may read from a widget of this schema: every property, and derived values.
    public static func members(of schema: ComponentSchema) -> [String: ExpressionType] {
        var members: [String: ExpressionType] = [:]
        for property in schema.properties { members[property.name] = property.type.expressionType }
        for (name, derived) in derivedMembers[schema.type] ?? [:] { members[name] = derived.type }
        return members
    }
}
