import KioskGraphics

/// Left-to-right or right-to-left: horizontal stacks, sliders and natural text alignment follow it.
public enum LayoutDirection: String, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// What flows down the view tree: a view reads its environment, any view may override part of it
/// for its subtree, and changing it re-renders whatever depends on it.
public struct Environment: Hashable, Sendable {
    public var appearance: Appearance
    public var textScale: Double
    public var layoutDirection: LayoutDirection
    public var locale: String
    /// What `Color.accent` stands for here: the theme's accent.
    public var accent: Color

    public init(appearance: Appearance = .light, textScale: Double = 1, layoutDirection: LayoutDirection = .leftToRight,
                locale: String = "en", accent: Color = .defaultAccent) {
        self.appearance = appearance
        self.textScale = textScale
        self.layoutDirection = layoutDirection
        self.locale = locale
        self.accent = accent
    }

    /// The font of a text style at this environment's text scale.
    public func font(_ style: TextStyle) -> Font {
        .style(style, scale: textScale)
    }

    /// The font of a style or font as written: a style follows the text scale, a fixed font does not.
    public func font(_ value: FontValue) -> Font {
        value.resolved(textScale: textScale)
    }

    public func resolve(_ color: Color) -> RGBA {
        color.resolved(for: appearance, accent: accent)
    }
}

/// A partial environment that a view sets for its subtree; nil fields are inherited.
public struct EnvironmentOverrides: Hashable, Sendable {
    public var appearance: Appearance?
    public var textScale: Double?
    public var layoutDirection: LayoutDirection?
    public var locale: String?
    public var accent: Color?

    public init(appearance: Appearance? = nil, textScale: Double? = nil, layoutDirection: LayoutDirection? = nil,
                locale: String? = nil, accent: Color? = nil) {
        self.appearance = appearance
        self.textScale = textScale
        self.layoutDirection = layoutDirection
        self.locale = locale
        self.accent = accent
    }

    func applied(to environment: Environment) -> Environment {
        var result = environment
        if let appearance { result.appearance = appearance }
        if let textScale { result.textScale = textScale }
        if let layoutDirection { result.layoutDirection = layoutDirection }
        if let locale { result.locale = locale }
        if let accent { result.accent = accent }
        return result
    }
}
