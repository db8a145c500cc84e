import KioskGraphics
import Testing

struct ColorTests {
    @Test func hexColours() {
        #expect(Color(parsing: "#FF8000")?.resolved(for: .light) == RGBA(hex: 0xFF8000))
        #expect(Color(parsing: "#00000080")?.resolved(for: .light).alpha == 128.0 / 255)
        #expect(Color(parsing: "#12345") == nil)
        #expect(Color(parsing: "#GG0000") == nil)
    }

    @Test func semanticColoursFollowTheAppearance() {
        let label = Color(parsing: "label")!
        #expect(label.resolved(for: .light) == RGBA(hex: 0x000000))
        #expect(label.resolved(for: .dark) == RGBA(hex: 0xFFFFFF))
        #expect(Color(parsing: "system_blue")!.resolved(for: .dark) == RGBA(hex: 0x0A84FF))
        #expect(Color(parsing: "no_such_colour") == nil)
    }

    @Test func alphaModifier() {
        let color = Color(parsing: "system_blue.alpha(0.8)")!
        #expect(color.resolved(for: .light).alpha == 0.8)
        #expect(Color(parsing: "white.alpha(2)") == nil)
    }

    @Test func opacity() {
        #expect(Color.white.isOpaque)
        #expect(!Color(.secondaryLabel).isOpaque)
        #expect(Color.clear.isClear)
    }
}
