/// An MQTT topic filter (`plant/+/temp`, `site/#`): levels split at `/`, where `+` stands for one
/// whole level and a final `#` for any number of them.
nonisolated public struct MQTTTopicFilter: Hashable, Sendable, CustomStringConvertible {
    /// MQTT carries a topic's length in 16 bits.
    public static let maximumBytes = 65_535

    public let text: String
    private let levels: [Substring]

    /// Nil, with the reason, for a text that is no filter: empty, too long, holding NUL, or with
    /// a wildcard that is not a whole level (`a+/b`) or a `#` before the last level.
    public static func parse(_ text: String) -> Result<MQTTTopicFilter, FilterError> {
        if text.isEmpty { return .failure(FilterError("the topic is empty")) }
        if text.utf8.count > maximumBytes { return .failure(FilterError("the topic is longer than \(maximumBytes) bytes")) }
        if text.contains("\0") { return .failure(FilterError("the topic holds a NUL character")) }
        let levels = text.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in levels.enumerated() {
            if level.contains("#") && (level != "#" || index != levels.count - 1) {
                return .failure(FilterError("'#' must be a whole level and the last one"))
            }
            if level.contains("+") && level != "+" {
                return .failure(FilterError("'+' must be a whole level"))
            }
        }
        return .success(MQTTTopicFilter(text: text, levels: levels))
    }

    public struct FilterError: Error, Equatable, Sendable {
        public let message: String
        init(_ message: String) { self.message = message }
    }

    public var description: String { text }

    public var hasWildcards: Bool { levels.contains { $0 == "+" || $0 == "#" } }

    /// The levels the wildcards matched in `topic` (a `#` matches the rest, joined by `/`), or nil
    /// when the topic does not match. Topics starting with `$` match only a filter naming them.
    public func match(_ topic: String) -> [String]? {
        let parts = topic.split(separator: "/", omittingEmptySubsequences: false)
        if topic.hasPrefix("$"), let first = levels.first, first == "+" || first == "#" { return nil }
        var matched: [String] = []
        for (index, level) in levels.enumerated() {
            if level == "#" {
                matched.append(parts[min(index, parts.count)...].joined(separator: "/"))
                return matched
            }
            guard index < parts.count else { return nil }
            if level == "+" {
                matched.append(String(parts[index]))
            } else if level != parts[index] {
                return nil
            }
        }
        return parts.count == levels.count ? matched : nil
    }
}
