/// The named colours of the component set, each with a light and a dark value
/// (the values of the platform palette the seed documents were written against).
public enum SemanticColor: String, Sendable, CaseIterable {
    case label
    case secondaryLabel = "secondary_label"
    case tertiaryLabel = "tertiary_label"
    case placeholderText = "placeholder_text"
    case separator
    case systemBackground = "system_background"
    case secondarySystemBackground = "secondary_system_background"
    case tertiarySystemBackground = "tertiary_system_background"
    case systemBlue = "system_blue"
    case systemTeal = "system_teal"
    case systemIndigo = "system_indigo"
    case systemOrange = "system_orange"
    case systemPurple = "system_purple"
    case systemGreen = "system_green"
    case systemRed = "system_red"
    case systemYellow = "system_yellow"
    case systemPink = "system_pink"
    case systemGray = "system_gray"
    case systemGray2 = "system_gray2"
    case systemGray3 = "system_gray3"
    case systemGray4 = "system_gray4"
    case systemGray5 = "system_gray5"
    case systemGray6 = "system_gray6"
    case white
    case black
    case clear

    public func resolved(for appearance: Appearance) -> RGBA {
        let (light, dark) = values
        return appearance == .light ? light : dark
    }

    private var values: (RGBA, RGBA) {
        switch self {
        case .label: (RGBA(hex: 0x000000), RGBA(hex: 0xFFFFFF))
        case .secondaryLabel: (RGBA(hex: 0x3C3C43, alpha: 0.6), RGBA(hex: 0xEBEBF5, alpha: 0.6))
        case .tertiaryLabel: (RGBA(hex: 0x3C3C43, alpha: 0.3), RGBA(hex: 0xEBEBF5, alpha: 0.3))
        case .placeholderText: (RGBA(hex: 0x3C3C43, alpha: 0.3), RGBA(hex: 0xEBEBF5, alpha: 0.3))
        case .separator: (RGBA(hex: 0x3C3C43, alpha: 0.29), RGBA(hex: 0x545458, alpha: 0.6))
        case .systemBackground: (RGBA(hex: 0xFFFFFF), RGBA(hex: 0x000000))
        case .secondarySystemBackground: (RGBA(hex: 0xF2F2F7), RGBA(hex: 0x1C1C1E))
        case .tertiarySystemBackground: (RGBA(hex: 0xFFFFFF), RGBA(hex: 0x2C2C2E))
        case .systemBlue: (RGBA(hex: 0x007AFF), RGBA(hex: 0x0A84FF))
        case .systemTeal: (RGBA(hex: 0x30B0C7), RGBA(hex: 0x40C8E0))
        case .systemIndigo: (RGBA(hex: 0x5856D6), RGBA(hex: 0x5E5CE6))
        case .systemOrange: (RGBA(hex: 0xFF9500), RGBA(hex: 0xFF9F0A))
        case .systemPurple: (RGBA(hex: 0xAF52DE), RGBA(hex: 0xBF5AF2))
        case .systemGreen: (RGBA(hex: 0x34C759), RGBA(hex: 0x30D158))
        case .systemRed: (RGBA(hex: 0xFF3B30), RGBA(hex: 0xFF453A))
        case .systemYellow: (RGBA(hex: 0xFFCC00), RGBA(hex: 0xFFD60A))
        case .systemPink: (RGBA(hex: 0xFF2D55), RGBA(hex: 0xFF375F))
        case .systemGray: (RGBA(hex: 0x8E8E93), RGBA(hex: 0x8E8E93))
        case .systemGray2: (RGBA(hex: 0xAEAEB2), RGBA(hex: 0x636366))
        case .systemGray3: (RGBA(hex: 0xC7C7CC), RGBA(hex: 0x48484A))
        case .systemGray4: (RGBA(hex: 0xD1D1D6), RGBA(hex: 0x3A3A3C))
        case .systemGray5: (RGBA(hex: 0xE5E5EA), RGBA(hex: 0x2C2C2E))
        case .systemGray6: (RGBA(hex: 0xF2F2F7), RGBA(hex: 0x1C1C1E))
        case .white: (RGBA(hex: 0xFFFFFF), RGBA(hex: 0xFFFFFF))
        case .black: (RGBA(hex: 0x000000), RGBA(hex: 0x000000))
        case .clear: (RGBA(hex: 0, alpha: 0), RGBA(hex: 0, alpha: 0))
        }
    }
}
