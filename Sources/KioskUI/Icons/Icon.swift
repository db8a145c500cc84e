import KioskGraphics

/// An icon a config names: a built-in `Symbol` (`gear`, `info.circle`) or a Material Design
/// Icons glyph (`mdi:parking`). Both are drawn in one colour fitted into a square, so they sit
/// side by side at any size and follow light and dark mode through their tint.
nonisolated public enum Icon: Hashable, Sendable {
    case symbol(Symbol)
    /// `name` without the `mdi:` prefix.
    case materialDesign(name: String, codepoint: UInt32)

    /// The icon `name` stands for, or nil when no built-in symbol and no installed Material
    /// Design icon has that name.
    public init?(named name: String, materialDesign catalogue: @autoclosure () -> MaterialDesignIcons = .installed) {
        if name.hasPrefix(MaterialDesignIcons.prefix) {
            let bare = String(name.dropFirst(MaterialDesignIcons.prefix.count))
            guard let codepoint = catalogue().codepoint(of: bare) else { return nil }
            self = .materialDesign(name: bare, codepoint: codepoint)
        } else if let symbol = Symbol(rawValue: name) {
            self = .symbol(symbol)
        } else {
            return nil
        }
    }

    /// The name a config writes for it.
    public var name: String {
        switch self {
        case .symbol(let symbol): symbol.rawValue
        case .materialDesign(let name, _): MaterialDesignIcons.prefix + name
        }
    }

    /// Every name a config may write: the built-in symbols, then the Material Design icons.
    public static func allNames(materialDesign catalogue: MaterialDesignIcons = .installed) -> [String] {
        Symbol.allCases.map(\.rawValue) + catalogue.names.map { MaterialDesignIcons.prefix + $0 }
    }

    /// Draws the icon fitted (square, centred) into `rect`.
    @MainActor
    public func draw(in rect: Rect, color: RGBA, canvas: Canvas) {
        switch self {
        case .symbol(let symbol): symbol.draw(in: rect, color: color, canvas: canvas)
        case .materialDesign(_, let codepoint): MaterialDesignGlyph.draw(codepoint, in: rect, color: color, canvas: canvas)
        }
    }
}

/// Draws one glyph of the Material Design Icons font through Pango, so fontconfig finds the
/// font, and cairo renders the outline sharp at any size.
enum MaterialDesignGlyph {
    /// One layout serves every glyph: its font and text change per draw, and Pango keeps the font.
    private static let layout: TextLayout = {
        let layout = TextLayout(font: Font(size: 24, family: MaterialDesignIcons.fontFamily))
        layout.setEllipsize(.none)
        layout.setDirection(.leftToRight)
        return layout
    }()

    static func draw(_ codepoint: UInt32, in rect: Rect, color: RGBA, canvas: Canvas) {
        let side = min(rect.width, rect.height)
        guard side > 0, let scalar = Unicode.Scalar(codepoint) else { return }
        // The icons are drawn on the font's em square: an em of `side` points fills the square.
        layout.setFont(Font(size: side, family: MaterialDesignIcons.fontFamily))
        layout.setText(String(Character(scalar)))
        let box = layout.size
        canvas.draw(layout, at: Point(x: rect.midX - box.width / 2, y: rect.midY - box.height / 2), color: color)
    }
}
