/// What kind of input a device gives.
nonisolated public enum InputDeviceCapability: String, Hashable, Sendable, CaseIterable {
    case touch, pointer, keyboard, tablet
}

/// A device on the seat, as the kiosk sees it.
nonisolated public struct InputDeviceInfo: Hashable, Sendable, CustomStringConvertible {
    /// Stable while the device stays plugged in.
    public var id: Int
    public var name: String
    /// The kernel name of its event node (`event5`).
    public var systemName: String
    public var capabilities: Set<InputDeviceCapability>
    /// A keyboard one can type text on (power buttons and volume keys also report as keyboards).
    public var isTextKeyboard: Bool

    public init(id: Int, name: String, systemName: String, capabilities: Set<InputDeviceCapability>,
                isTextKeyboard: Bool) {
        self.id = id
        self.name = name
        self.systemName = systemName
        self.capabilities = capabilities
        self.isTextKeyboard = isTextKeyboard
    }

    public var description: String {
        let kinds = InputDeviceCapability.allCases.filter(capabilities.contains).map(\.rawValue)
        return "\(systemName) \"\(name)\" [\(kinds.joined(separator: ","))\(isTextKeyboard ? ",text" : "")]"
    }
}
