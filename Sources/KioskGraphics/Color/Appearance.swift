/// Light or dark: what semantic colours resolve against.
public enum Appearance: String, Sendable, CaseIterable {
    case light
    case dark
}
