import KioskGraphics

/// The names and code points of Material Design Icons, from the map Debian's
/// `fonts-materialdesignicons-webfont` ships next to its font.
///
/// The map is read once, the first time an `mdi:` name is looked up: a panel without such names
/// never reads it. It is bounded (its size and its number of entries) like every file the kiosk
/// reads, since a broken or replaced file must not take the kiosk's memory.
nonisolated public struct MaterialDesignIcons: Sendable {
    /// What a config writes before a Material Design Icons name: `mdi:parking`.
    public static let prefix = "mdi:"
    /// The family fontconfig knows the package's TTF by.
    public static let fontFamily = "Material Design Icons"
    /// The package's SCSS map: one `"name": F3E3,` line per icon.
    public static let defaultMapPath = "/usr/share/fonts-materialdesignicons-webfont/scss/_variables.scss"
    /// The map of 1.6.50 is 43 kB and the newest releases' about 400 kB.
    static let byteLimit = 2 << 20
    /// Releases so far have fewer than 8,000 icons.
    static let entryLimit = 20_000

    /// Name → code point, names without the prefix.
    public let codepoints: [String: UInt32]
    /// Every name, sorted, without the prefix.
    public let names: [String]
    /// Why the map could not be read (the package missing, the file broken); nil when it was.
    public let problem: String?

    /// The installed map, read on first use and kept.
    public static let installed = MaterialDesignIcons(mapPath: defaultMapPath)

    public init(mapPath: String) {
        do {
            let bytes = try RegularFile.contents(of: mapPath, limit: Self.byteLimit)
            let parsed = Self.parse(String(decoding: bytes, as: UTF8.self))
            self.init(codepoints: parsed.codepoints,
                      problem: parsed.codepoints.isEmpty ? "\(mapPath) names no icons"
                          : parsed.truncated ? "\(mapPath) names more than \(Self.entryLimit) icons; the rest are ignored" : nil)
        } catch {
            self.init(codepoints: [:], problem: "\(error) (Debian package fonts-materialdesignicons-webfont)")
        }
    }

    init(codepoints: [String: UInt32], problem: String?) {
        self.codepoints = codepoints
        names = codepoints.keys.sorted()
        self.problem = problem
    }

    /// The code point of `name` (without the prefix).
    public func codepoint(of name: String) -> UInt32? { codepoints[name] }

    /// Reads `"name": HEX,` entries; anything else in the file (comments, other variables) is
    /// skipped. Names are lower-case words joined by '-', code points lie in the private use areas.
    static func parse(_ text: String) -> (codepoints: [String: UInt32], truncated: Bool) {
        var codepoints: [String: UInt32] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let quoted = parts[0].trimmingSpaces
            guard quoted.count > 2, quoted.first == "\"", quoted.last == "\"" else { continue }
            let name = String(quoted.dropFirst().dropLast())
            guard name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) else { continue }
            var hex = parts[1].trimmingSpaces
            if hex.last == "," { hex = hex.dropLast() }
            guard let codepoint = UInt32(hex, radix: 16), Self.isPrivateUse(codepoint) else { continue }
            guard codepoints.count < entryLimit else { return (codepoints, true) }
            codepoints[name] = codepoint
        }
        return (codepoints, false)
    }

    private static func isPrivateUse(_ codepoint: UInt32) -> Bool {
        (0xE000...0xF8FF).contains(codepoint) || (0xF0000...0x10FFFD).contains(codepoint)
    }
}

nonisolated private extension Substring {
    var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" && $0 != "\r" }.map(index(after:)) ?? start
        return start < end ? self[start..<end] : self[start..<start]
    }
}
