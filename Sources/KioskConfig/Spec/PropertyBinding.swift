/// A widget property whose value comes from a formula (`value: "= hours.value / 8"`). The widget's
/// `properties` keep the property's default (or its style's value) for when the formula fails.
nonisolated public struct PropertyBinding: Equatable, Sendable {
    public var property: String
    public var formula: FormulaSpec
    /// What the property accepts: a result is converted to it (and held within its ranges).
    public var type: PropertyType

    public init(property: String, formula: FormulaSpec, type: PropertyType) {
        self.property = property
        self.formula = formula
        self.type = type
    }
}
