import KioskGraphics

/// From a file (or bytes) to a validated `KioskConfigSpec`, or every mistake in it.
nonisolated public struct ConfigLoader: Sendable {
    /// A kiosk config is a few kilobytes; anything this large is a wrong file, not a config.
    public static let maximumFileSize = 4 * 1024 * 1024

    public var registry: ComponentRegistry

    public init(registry: ComponentRegistry = .standard) {
        self.registry = registry
    }

    /// Reads and validates the file at `path`; messages name the file as `path` is written. Only a
    /// regular file is read (a link to one is followed): a FIFO, a directory or a device is refused
    /// at once instead of blocking `kiosk check` or the running kiosk's reload.
    public func load(path: String) -> Result<KioskConfigSpec, ConfigErrors> {
        let start = SourceLocation(file: path, line: 1, column: 1)
        do {
            return load(bytes: try RegularFile.contents(of: path, limit: Self.maximumFileSize), file: path,
                        imageDirectory: Self.directory(of: path))
        } catch {
            if case .tooLarge = error.problem { return .failure(ConfigErrors([tooLarge(at: start)])) }
            return .failure(ConfigErrors([ConfigError(at: start, "the config file \(error.reason)")]))
        }
    }

    public func load(text: String, file: String = "kiosk.yaml") -> Result<KioskConfigSpec, ConfigErrors> {
        load(bytes: Array(text.utf8), file: file)
    }

    /// `imageDirectory`: where relative picture paths are checked from (the config file's
    /// directory); nil leaves picture files unchecked (a config with no file of its own).
    public func load(bytes: [UInt8], file: String, imageDirectory: String? = nil) -> Result<KioskConfigSpec, ConfigErrors> {
        let start = SourceLocation(file: file, line: 1, column: 1)
        guard bytes.count <= Self.maximumFileSize else { return .failure(ConfigErrors([tooLarge(at: start)])) }
        let (root, syntaxErrors) = YAMLParser.parse(bytes, file: file)
        guard let root else {
            let errors = syntaxErrors.isEmpty
                ? [ConfigError(at: start, "the config is empty", expected: "a mapping with 'panels'")]
                : syntaxErrors
            return .failure(ConfigErrors(errors))
        }
        let (spec, errors) = ConfigDecoder(registry: registry, imageDirectory: imageDirectory).decode(root)
        let all = syntaxErrors + errors
        let refusing = all.filter { $0.severity == .error }
        guard refusing.isEmpty, var spec else { return .failure(ConfigErrors(refusing)) }
        spec.warnings = ConfigErrors(all.filter { $0.severity == .warning }).errors
        spec.fingerprint = ConfigFingerprint.of(bytes)
        return .success(spec)
    }

    /// The directory part of a path as written ("." for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private func tooLarge(at location: SourceLocation) -> ConfigError {
        ConfigError(at: location, "the file is too large to be a kiosk config",
                    expected: "at most \(Self.maximumFileSize / 1024 / 1024) MB", found: "a larger file")
    }
}
