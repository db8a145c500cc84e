/// An XKB layout by name, as in /usr/share/X11/xkb/symbols (`us`, `es`, `de`…).
nonisolated public struct Keymap: Hashable, Sendable {
    public var layout: String
    /// A variant of the layout (`dvorak`, `nodeadkeys`…); empty for the default.
    public var variant: String
    /// The locale whose compose table turns dead keys into letters (´ + e → é).
    public var composeLocale: String

    public init(layout: String = "us", variant: String = "", composeLocale: String = "en_US.UTF-8") {
        self.layout = layout
        self.variant = variant
        self.composeLocale = composeLocale
    }
}
