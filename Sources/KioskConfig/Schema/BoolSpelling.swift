/// The words a bool property accepts, in the config (unquoted), in an event's `$value` and over
/// the control socket alike: YAML 1.1's spellings, in any case.
nonisolated public enum BoolSpelling {
    public static let trueWords = ["true", "yes", "on"]
    public static let falseWords = ["false", "no", "off"]

    /// The bool a word spells, or nil for any other text.
    public static func value(_ word: String) -> Bool? {
        let lowered = word.lowercased()
        if trueWords.contains(lowered) { return true }
        if falseWords.contains(lowered) { return false }
        return nil
    }
}
