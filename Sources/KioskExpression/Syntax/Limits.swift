/// The bounds that keep parsing and evaluation finite and small whatever a config or a source holds.
public enum ExpressionLimits {
    /// Characters in a property text holding a formula.
    public static let textLength = 4096
    /// Levels of nesting: parentheses, lists, calls, operators inside operators, member chains.
    public static let depth = 64
    /// Items in a list an expression builds.
    public static let listItems = 10_000
    /// UTF-8 bytes of a text an expression builds.
    public static let textBytes = 64 * 1024
    /// Items of all the lists one evaluation builds, together.
    public static let listItemsBuilt = 100_000
    /// UTF-8 bytes of all the texts one evaluation builds, together.
    public static let textBytesBuilt = 1024 * 1024
    /// Items a formula's value holds in all: every item of every list and every member of every
    /// record within it, counted each time it appears. A list can hold a source's list many times
    /// over by reference, cheaply; whatever then converts it item by item (to a property, to state,
    /// to JSON) would not be cheap. Twice what a 1 MB source can hold.
    public static let valueItems = 1_000_000
    /// UTF-8 bytes of the text `matches` searches.
    public static let regexInputBytes = 64 * 1024
}
