/// A mode asked for in the config or on the command line: "1280x800" (any refresh, the highest
/// wins) or "1280x800@60" (the refresh rate that rounds to 60).
nonisolated public struct DisplayModeRequest: Equatable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// nil: any refresh rate.
    public let refreshRate: Int?

    public init(width: Int, height: Int, refreshRate: Int? = nil) {
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
    }

    /// Parses "WxH" or "WxH@Hz" (spaces around the parts and an upper-case X are accepted).
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: " \t")
        let atParts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard atParts.count <= 2 else { throw DRMError.malformedModeRequest(text) }
        let sizeParts = atParts[0].lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard sizeParts.count == 2,
              let width = Self.positiveInteger(sizeParts[0]), let height = Self.positiveInteger(sizeParts[1])
        else { throw DRMError.malformedModeRequest(text) }
        var refresh: Int?
        if atParts.count == 2 {
            let rateText = atParts[1].trimmingCharacters(in: " \t").lowercased()
            let digits = rateText.hasSuffix("hz") ? String(rateText.dropLast(2)) : rateText
            guard let rate = Self.positiveInteger(Substring(digits)) else { throw DRMError.malformedModeRequest(text) }
            refresh = rate
        }
        self.init(width: width, height: height, refreshRate: refresh)
    }

    public var description: String {
        refreshRate.map { "\(width)x\(height)@\($0)" } ?? "\(width)x\(height)"
    }

    public func matches(_ mode: DisplayMode) -> Bool {
        mode.width == width && mode.height == height && (refreshRate == nil || mode.nominalRefreshRate == refreshRate)
    }

    /// The best offered mode for this request: the preferred one among matches, else the fastest.
    public func bestMatch(in modes: [DisplayMode]) -> DisplayMode? {
        let candidates = modes.filter(matches)
        return candidates.first(where: \.isPreferred) ?? candidates.max { $0.refreshRate < $1.refreshRate }
    }

    private static func positiveInteger(_ text: Substring) -> Int? {
        guard let value = Int(text.trimmingCharacters(in: " \t")), value > 0 else { return nil }
        return value
    }
}

nonisolated private extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}

/// How the display picks its mode from what the connector offers.
nonisolated public extension [DisplayMode] {
    /// The requested mode, or the connector's preferred one (else its first, which is the largest).
    func chosen(for request: DisplayModeRequest?) -> DisplayMode? {
        if let request { return request.bestMatch(in: self) }
        return first(where: \.isPreferred) ?? first
    }
}
