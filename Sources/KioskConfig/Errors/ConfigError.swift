/// One mistake in a config file: where it is, what is wrong, what was expected instead and, when a
/// known name is close to what was written, the name the author probably meant.
nonisolated public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    public var expected: String?
    public var found: String?
    public var suggestion: String?
    /// An error refuses the config; a warning is printed by `kiosk check` and the config loads.
    public var severity: Severity

    public enum Severity: String, Hashable, Sendable {
        case error, warning
    }

    public init(at location: SourceLocation, _ message: String, expected: String? = nil, found: String? = nil,
                suggestion: String? = nil, severity: Severity = .error) {
        self.severity = severity
        self.location = location
        self.message = message
        self.expected = expected
        self.found = found
        self.suggestion = suggestion
    }

    public var file: String { location.file }
    public var line: Int { location.line }
    public var column: Int { location.column }

    /// The message with what was expected, what was found and the suggestion, without the location.
    public var detail: String {
        var text = message
        if let expected {
            text += ": expected \(expected)"
            if let found { text += ", found \(found)" }
        } else if let found {
            text += ": found \(found)"
        }
        if let suggestion { text += "; did you mean '\(suggestion)'?" }
        return text
    }

    /// `kiosk.yaml:12:7: error: unknown property 'spacng' for stack; did you mean 'spacing'?`
    public var description: String { "\(location): \(severity.rawValue): \(detail)" }
}

/// Every mistake found in one file, in the order they appear in it.
nonisolated public struct ConfigErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public var errors: [ConfigError]

    public init(_ errors: [ConfigError]) {
        var seen = Set<ConfigError>()
        // A style used by many widgets would otherwise report the same bad value once per use.
        self.errors = errors.filter { seen.insert($0).inserted }.sorted { $0.location < $1.location }
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
