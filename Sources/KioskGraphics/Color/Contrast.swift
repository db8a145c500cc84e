import FoundationEssentials
import Glibc

/// WCAG 2 contrast: relative luminance and the ratio between two colours, used to pick text that
/// stays readable on a fill and to keep control tracks visible on their background.
extension RGBA {
    /// Relative luminance of the colour's components (alpha ignored), 0 for black to 1 for white.
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// (lighter + 0.05) / (darker + 0.05): 1 for equal colours, 21 for black on white. Both colours
    /// are taken as opaque; composite a translucent one first (`composited(over:)`).
    public func contrastRatio(with other: RGBA) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour painted over an opaque `background`: what the eye sees.
    public func composited(over background: RGBA) -> RGBA {
        RGBA(red: red * alpha + background.red * (1 - alpha), green: green * alpha + background.green * (1 - alpha),
             blue: blue * alpha + background.blue * (1 - alpha), alpha: 1)
    }

    /// Text on a fill of this (opaque) colour: white wherever white reaches 3:1, WCAG's level for
    /// large and bold text such as a card's title (so white stays on blue, indigo and red, as people
    /// expect of a filled card), else whichever of white and black contrasts more (black on yellow,
    /// green and orange).
    public var readableTextColor: RGBA {
        let white = RGBA(red: 1, green: 1, blue: 1), black = RGBA(red: 0, green: 0, blue: 0)
        let onWhite = contrastRatio(with: white)
        if onWhite >= Self.largeTextContrast { return white }
        return onWhite >= contrastRatio(with: black) ? white : black
    }

    /// WCAG 2's minimum contrast for large or bold text, and for the parts of a control.
    public static let largeTextContrast = 3.0
}
