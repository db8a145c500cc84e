import KioskExpression

/// A variable of the top-level `state:` section: panel-independent, read as `state.NAME`, changed
/// by `set: {state.NAME: …}`.
nonisolated public struct StateDeclaration: Hashable, Sendable {
    public var name: String
    public var initialValue: ExpressionValue
    /// Where the name is written.
    public var location: SourceLocation

    public init(name: String, initialValue: ExpressionValue, location: SourceLocation) {
        self.name = name
        self.initialValue = initialValue
        self.location = location
    }
}
