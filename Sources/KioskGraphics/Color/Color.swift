import FoundationEssentials
import Glibc
import KioskExpression

/// A colour as written by a panel author or a developer: a fixed value, or a semantic name that
/// resolves against the appearance, optionally with its alpha scaled (`system_blue.alpha(0.8)`), or
/// the accent: whatever colour the environment's theme picks for controls (`accent`).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    enum Storage: Hashable, Sendable {
        case fixed(RGBA)
        case semantic(SemanticColor, alpha: Double)
        case dynamic(light: RGBA, dark: RGBA)
        case accent(alpha: Double)
    }

    let storage: Storage

    public init(_ rgba: RGBA) {
        storage = .fixed(rgba)
    }

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        storage = .fixed(RGBA(red: red, green: green, blue: blue, alpha: alpha))
    }

    public init(hex: UInt32, alpha: Double = 1) {
        storage = .fixed(RGBA(hex: hex, alpha: alpha))
    }

    /// A colour with its own value for each appearance.
    public init(light: RGBA, dark: RGBA) {
        storage = .dynamic(light: light, dark: dark)
    }

    public init(_ semantic: SemanticColor) {
        storage = .semantic(semantic, alpha: 1)
    }

    /// Parses `#RRGGBB`, `#RRGGBBAA`, a semantic name (`system_blue`) and an `.alpha(x)` modifier.
    public init?(parsing text: String) {
        var body = Substring(text.trimmingWhitespace())
        var alphaScale = 1.0
        if body.hasSuffix(")"), let open = body.firstRange(of: ".alpha(") {
            guard let value = Double(body[open.upperBound..<body.index(before: body.endIndex)]),
                  (0...1).contains(value) else { return nil }
            alphaScale = value
            body = body[..<open.lowerBound]
        }
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else { return nil }
            let rgba = digits.count == 6
                ? RGBA(hex: UInt32(value))
                : RGBA(hex: UInt32(value >> 8), alpha: Double(value & 0xFF) / 255)
            self = Color(rgba).withAlphaComponent(rgba.alpha * alphaScale)
        } else if body == Self.accentName {
            storage = .accent(alpha: alphaScale)
        } else if let semantic = SemanticColor(rawValue: String(body)) {
            storage = .semantic(semantic, alpha: alphaScale)
        } else {
            return nil
        }
    }

    public static let label = Color(.label)
    public static let secondaryLabel = Color(.secondaryLabel)
    public static let systemBackground = Color(.systemBackground)
    public static let secondarySystemBackground = Color(.secondarySystemBackground)
    public static let systemBlue = Color(.systemBlue)
    public static let systemGreen = Color(.systemGreen)
    public static let systemRed = Color(.systemRed)
    public static let systemGray = Color(.systemGray)
    public static let systemGray4 = Color(.systemGray4)
    public static let systemGray5 = Color(.systemGray5)
    public static let white = Color(.white)
    public static let black = Color(.black)
    public static let clear = Color(.clear)
    /// The theme's accent: sliders, focus rings, carets and alert buttons take it unless given a
    /// colour of their own.
    public static let accent = Color(storage: .accent(alpha: 1))
    /// What `accent` resolves to when nothing else is chosen.
    public static let defaultAccent = Color.systemBlue
    static let accentName = "accent"

    /// This colour with `accent` standing for `accentColor` (itself never the accent again: an
    /// accent that names the accent falls back to the default).
    public func resolved(for appearance: Appearance, accent accentColor: Color) -> RGBA {
        guard case .accent(let alphaScale) = storage else { return resolved(for: appearance) }
        var rgba = accentColor.resolved(for: appearance)
        rgba.alpha *= alphaScale
        return rgba
    }

    public func resolved(for appearance: Appearance) -> RGBA {
        switch storage {
        case .fixed(let rgba):
            return rgba
        case .semantic(let name, let alphaScale):
            var rgba = name.resolved(for: appearance)
            rgba.alpha *= alphaScale
            return rgba
        case .dynamic(let light, let dark):
            return appearance == .light ? light : dark
        case .accent:
            return resolved(for: appearance, accent: .defaultAccent)
        }
    }

    /// The same colour with its alpha replaced (fixed) or scaled (semantic, whose own alpha stays).
    public func withAlphaComponent(_ alpha: Double) -> Color {
        switch storage {
        case .fixed(var rgba):
            rgba.alpha = alpha
            return Color(rgba)
        case .semantic(let name, _):
            return Color(storage: .semantic(name, alpha: alpha))
        case .dynamic(var light, var dark):
            light.alpha = alpha
            dark.alpha = alpha
            return Color(light: light, dark: dark)
        case .accent:
            return Color(storage: .accent(alpha: alpha))
        }
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// True when the colour covers what is below it in every appearance (never known for the
    /// accent, which the theme may make translucent).
    public var isOpaque: Bool {
        if case .accent = storage { return false }
        return resolved(for: .light).isOpaque && resolved(for: .dark).isOpaque
    }

    public var isClear: Bool {
        resolved(for: .light).alpha == 0 && resolved(for: .dark).alpha == 0
    }

    public var description: String {
        switch storage {
        case .fixed(let rgba): rgba.description
        case .semantic(let name, let alpha): alpha == 1 ? name.rawValue : "\(name.rawValue).alpha(\(alpha))"
        case .dynamic(let light, let dark): "\(light)/\(dark)"
        case .accent(let alpha): alpha == 1 ? Self.accentName : "\(Self.accentName).alpha(\(alpha))"
        }
    }
}
