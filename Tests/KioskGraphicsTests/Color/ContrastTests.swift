import KioskGraphics
import Testing

struct ContrastTests {
    @Test func theWCAGFiguresComeOut() {
        let white = RGBA(hex: 0xFFFFFF), black = RGBA(hex: 0x000000)
        #expect(white.relativeLuminance == 1)
        #expect(black.relativeLuminance == 0)
        #expect(black.contrastRatio(with: white) == 21)
        #expect(white.contrastRatio(with: white) == 1)
        // #767676 is the lightest grey with 4.5:1 on white.
        #expect(abs(RGBA(hex: 0x767676).contrastRatio(with: white) - 4.54) < 0.01)
    }

    @Test func readableTextIsWhiteOrBlackByContrast() {
        #expect(RGBA(hex: 0xFFD60A).readableTextColor == RGBA(hex: 0x000000))
        #expect(RGBA(hex: 0x5E5CE6).readableTextColor == RGBA(hex: 0xFFFFFF))
        #expect(RGBA(hex: 0x1C1C1E).readableTextColor == RGBA(hex: 0xFFFFFF))
        // White reaches 3:1 on system blue (4.0:1), though black would contrast more (5.2:1).
        #expect(RGBA(hex: 0x007AFF).readableTextColor == RGBA(hex: 0xFFFFFF))
        // Green is too light for white (2.2:1): black.
        #expect(RGBA(hex: 0x34C759).readableTextColor == RGBA(hex: 0x000000))
    }

    @Test func aTranslucentColourIsJudgedOverItsBackground() {
        let seen = RGBA(hex: 0xFFFFFF, alpha: 0.5).composited(over: RGBA(hex: 0x000000))
        #expect(seen == RGBA(red: 0.5, green: 0.5, blue: 0.5))
    }

    @Test func theAccentResolvesToWhatTheEnvironmentChooses() {
        let orange = Color(.systemOrange)
        #expect(Color.accent.resolved(for: .light, accent: orange) == RGBA(hex: 0xFF9500))
        #expect(Color.accent.resolved(for: .dark, accent: orange) == RGBA(hex: 0xFF9F0A))
        #expect(Color.accent.withAlphaComponent(0.5).resolved(for: .light, accent: orange) == RGBA(hex: 0xFF9500, alpha: 0.5))
        #expect(Color.accent.resolved(for: .light) == RGBA(hex: 0x007AFF), "alone, the default accent")
        #expect(Color(parsing: "accent") == .accent)
        #expect(Color(parsing: "accent.alpha(0.5)")?.description == "accent.alpha(0.5)")
        #expect(Color.systemRed.resolved(for: .light, accent: orange) == RGBA(hex: 0xFF3B30))
    }
}
