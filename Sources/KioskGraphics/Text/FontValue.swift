/// A font as written: a text style (which follows the environment's text scale) or a fixed font.
nonisolated public enum FontValue: Hashable, Sendable {
    case style(TextStyle)
    case custom(Font)

    /// The concrete font for a text scale; fixed fonts do not scale.
    public func resolved(textScale: Double) -> Font {
        switch self {
        case .style(let style): Font.style(style, scale: textScale)
        case .custom(let font): font
        }
    }
}
