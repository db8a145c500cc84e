import Foundation

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

    /// White or black, whichever contrasts more with this (opaque) colour.
    public var readableTextColor: RGBA {
        let white = RGBA(red: 1, green: 1, blue: 1), black = RGBA(red: 0, green: 0, blue: 0)
        return contrastRatio(with: white) >= contrastRatio(with: black) ? white : black
    }
}
