/// What kind of element a view is for assistive technology and the accessibility tree.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 1)
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    public static let header = AccessibilityTraits(rawValue: 1 << 3)
    public static let selected = AccessibilityTraits(rawValue: 1 << 4)
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 5)
    public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
    public static let textField = AccessibilityTraits(rawValue: 1 << 7)
    public static let modal = AccessibilityTraits(rawValue: 1 << 8)
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 9)

    /// The panel-file names, in a fixed order.
    static let names: [(AccessibilityTraits, String)] = [
        (.button, "button"), (.adjustable, "adjustable"), (.image, "image"), (.header, "header"),
        (.selected, "selected"), (.notEnabled, "not_enabled"), (.staticText, "static_text"),
        (.textField, "text_field"), (.modal, "modal"), (.keyboardKey, "keyboard_key"),
    ]

    public init?(name: String) {
        guard let found = Self.names.first(where: { $0.1 == name }) else { return nil }
        self = found.0
    }

    public var description: String {
        Self.names.filter { contains($0.0) }.map(\.1).joined(separator: ",")
    }
}
