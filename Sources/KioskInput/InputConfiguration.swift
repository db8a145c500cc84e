/// How the input module finds its devices and maps them to the UI.
nonisolated public struct InputConfiguration: Hashable, Sendable {
    /// The udev seat whose devices are used.
    public var seat: String
    /// When not empty, only these event nodes are used (no seat, no hotplug).
    public var devicePaths: [String]
    public var keymap: Keymap
    /// The display the touchscreen covers, and how touches reach the UI.
    public var mapper: CoordinateMapper

    public init(seat: String = "seat0", devicePaths: [String] = [], keymap: Keymap = Keymap(),
                mapper: CoordinateMapper = CoordinateMapper(displayWidth: 1280, displayHeight: 800)) {
        self.seat = seat
        self.devicePaths = devicePaths
        self.keymap = keymap
        self.mapper = mapper
    }
}
