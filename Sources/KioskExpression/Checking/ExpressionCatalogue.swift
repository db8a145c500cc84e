/// What a formula may read, for the static check: names, objects and their members, with types.
public struct ExpressionCatalogue: Sendable {
    /// Root names and their members: `"hours": ["value": .number, "enabled": .bool, …]`,
    /// `"state": [...]`, `"weather": [:]` with `openMembers` containing "weather" (any member, type .any).
    public var objects: [String: [String: ExpressionType]]
    /// Objects whose members are not known in advance (data sources): any member reads as `.any`.
    public var openMembers: Set<String>
    /// Plain names: `now` (.number), `panel` (.text), `locale` (.text), `appearance` (.text),
    /// `$value` (.any, only inside actions).
    public var names: [String: ExpressionType]

    public init(objects: [String: [String: ExpressionType]] = [:], openMembers: Set<String> = [], names: [String: ExpressionType] = [:]) {
        self.objects = objects
        self.openMembers = openMembers
        self.names = names
    }
}
