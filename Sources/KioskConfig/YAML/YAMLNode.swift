/// A parsed YAML document: scalars, sequences and mappings, each remembering where it was written.
/// Anchors and aliases are already resolved; mappings keep the order their keys were written in.
nonisolated public struct YAMLNode: Equatable, Sendable {
    public enum Content: Equatable, Sendable {
        case scalar(Scalar)
        case sequence([YAMLNode])
        case mapping([Entry])
    }

    public struct Scalar: Equatable, Sendable {
        public var text: String
        /// Unquoted, unfolded plain text: only plain scalars are read as numbers, booleans or null.
        public var isPlain: Bool
        /// Where the first character of `text` is written, when every character of `text` is one
        /// column of a single line of the file (no fold, no escape, not a block scalar): the column
        /// after the quote of a quoted scalar. Lets a message point inside the text.
        public var textStart: SourceLocation?

        public init(text: String, isPlain: Bool, textStart: SourceLocation? = nil) {
            self.text = text
            self.isPlain = isPlain
            self.textStart = textStart
        }
    }

    public struct Entry: Equatable, Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: YAMLNode

        public init(key: String, keyLocation: SourceLocation, value: YAMLNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public var content: Content
    public var location: SourceLocation

    public init(_ content: Content, at location: SourceLocation) {
        self.content = content
        self.location = location
    }

    public var scalar: Scalar? {
        if case .scalar(let scalar) = content { scalar } else { nil }
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { items } else { nil }
    }

    public var mapping: [Entry]? {
        if case .mapping(let entries) = content { entries } else { nil }
    }

    /// `~`, `null` or nothing at all, written without quotes.
    public var isNull: Bool {
        guard let scalar, scalar.isPlain else { return false }
        return scalar.text.isEmpty || scalar.text == "~" || scalar.text.lowercased() == "null"
    }

    /// The value under `key` in a mapping.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key == key }?.value
    }

    /// How the node reads in an error message: the scalar itself, or what kind of node it is.
    public var summary: String {
        switch content {
        case .scalar(let scalar):
            let text = scalar.text.count > 40 ? String(scalar.text.prefix(40)) + "…" : scalar.text
            return isNull ? "nothing" : "'\(text)'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
