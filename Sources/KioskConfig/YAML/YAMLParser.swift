/// Reads YAML bytes into a located node tree.
nonisolated public enum YAMLParser {
    /// The document's root (nil for an empty stream or after a syntax error) and every mistake
    /// found while reading it. Never traps, whatever the bytes are.
    public static func parse(_ bytes: [UInt8], file: String) -> (root: YAMLNode?, errors: [ConfigError]) {
        YAMLDocumentBuilder.build(bytes: bytes, file: file)
    }

    public static func parse(_ text: String, file: String) -> (root: YAMLNode?, errors: [ConfigError]) {
        parse(Array(text.utf8), file: file)
    }
}
