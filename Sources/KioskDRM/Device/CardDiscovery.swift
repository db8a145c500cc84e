/// A DRM card found through udev, with the connector states sysfs reports (readable without
/// opening the device, so discovery works for any user).
nonisolated public struct CardNode: Equatable, Sendable {
    /// "/dev/dri/card0"
    public let path: String
    /// Connector name ("Virtual-1", "HDMI-A-1") → connected?
    public let connectors: [(name: String, isConnected: Bool)]

    public var hasConnectedDisplay: Bool { connectors.contains { $0.isConnected } }

    public static func == (lhs: CardNode, rhs: CardNode) -> Bool {
        lhs.path == rhs.path && lhs.connectors.elementsEqual(rhs.connectors) { $0 == $1 }
    }
}

/// Finds display cards through udev.
nonisolated public enum CardDiscovery {
    /// Every /dev/dri/cardN, in number order (render nodes and connectors are not cards).
    public static func cards() throws -> [CardNode] {
        let udev = try Udev()
        let devices = try udev.devices(inSubsystem: "drm")
        var cards: [String: (path: String, connectors: [(String, Bool)])] = [:]
        for device in devices where isCardName(device.sysname) {
            if let node = device.devnode { cards[device.sysname] = (node, []) }
        }
        for device in devices {
            // Connector devices are named "card0-HDMI-A-1".
            guard let dash = device.sysname.firstIndex(of: "-") else { continue }
            let card = String(device.sysname[..<dash])
            let name = String(device.sysname[device.sysname.index(after: dash)...])
            cards[card]?.connectors.append((name, device.status == "connected"))
        }
        return cards.keys.sorted { cardNumber($0) < cardNumber($1) }.map { key in
            let card = cards[key]!
            return CardNode(path: card.path, connectors: card.connectors.sorted { $0.0 < $1.0 }.map { (name: $0.0, isConnected: $0.1) })
        }
    }

    /// The card to use: the explicit path when given, else the first card with a connected display.
    public static func chooseCard(explicitPath: String?) throws -> String {
        if let explicitPath { return explicitPath }
        let found = try cards()
        guard let card = found.first(where: \.hasConnectedDisplay) else {
            throw DRMError.noCardFound(searched: found.map(\.path))
        }
        return card.path
    }

    static func isCardName(_ name: String) -> Bool {
        name.hasPrefix("card") && name.count > 4 && name.dropFirst(4).allSatisfy(\.isNumber)
    }

    private static func cardNumber(_ name: String) -> Int { Int(name.dropFirst(4)) ?? Int.max }
}
