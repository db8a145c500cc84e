import KioskGraphics
import KioskUI
import Testing

/// Icons by name: the built-in symbols and Material Design glyphs, drawn in their tint.
@MainActor
struct IconTests {
    /// The ink of `icon` drawn in opaque red on a transparent square of `side` pixels.
    struct Ink {
        var pixels = 0
        var offTint = 0
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    }

    func ink(of icon: Icon, side: Int, tint: RGBA = RGBA(red: 1, green: 0, blue: 0)) -> Ink {
        let surface = Surface(width: side, height: side)
        let canvas = Canvas(surface: surface)
        icon.draw(in: Rect(x: 0, y: 0, width: Double(side), height: Double(side)), color: tint, canvas: canvas)
        surface.markDirty()
        var ink = Ink()
        for y in 0..<side {
            for x in 0..<side {
                let pixel = surface.pixel(x: x, y: y)
                let alpha = pixel >> 24
                guard alpha > 0x80 else { continue }
                ink.pixels += 1
                // Premultiplied: a red tint has no green and no blue at any coverage.
                if pixel & 0x0000_FFFF != 0 { ink.offTint += 1 }
                ink.minX = min(ink.minX, x); ink.maxX = max(ink.maxX, x)
                ink.minY = min(ink.minY, y); ink.maxY = max(ink.maxY, y)
            }
        }
        return ink
    }

    /// These names drew nothing: only the first built-in symbols existed.
    @Test(arguments: ["car", "clock", "creditcard", "info.circle", "pencil"])
    func commonlyWantedSymbolsDrawInk(_ name: String) throws {
        let icon = try #require(Icon(named: name))
        guard case .symbol = icon else { Issue.record("\(name) is not a built-in symbol"); return }
        let ink = ink(of: icon, side: 48)
        #expect(ink.pixels > 48 * 48 / 10, "\(name) covers \(ink.pixels) pixels")
        #expect(ink.offTint == 0)
        // Fitted into the square with a margin, not reaching past it.
        #expect(ink.minX >= 1 && ink.minY >= 1 && ink.maxX <= 46 && ink.maxY <= 46)
    }

    @Test func everySymbolIsNamedByItsRawValue() {
        for symbol in Symbol.allCases {
            #expect(Icon(named: symbol.rawValue) == .symbol(symbol))
        }
    }

    @Test func materialDesignNamesResolveToTheirCodePoints() throws {
        let catalogue = MaterialDesignIcons.installed
        #expect(catalogue.problem == nil)
        #expect(Icon(named: "mdi:parking") == .materialDesign(name: "parking", codepoint: 0xF3E3))
        #expect(Icon(named: "mdi:thermometer") == .materialDesign(name: "thermometer", codepoint: 0xF50F))
        #expect(Icon(named: "mdi:no-such-icon") == nil)
        #expect(Icon(named: "parking") == nil)
        #expect(Icon(named: "mdi:parking")?.name == "mdi:parking")
        #expect(catalogue.names.count > 1000)
    }

    /// The parking glyph is the letter P drawn on the 24-unit grid from (6, 3) to (19, 21): at
    /// 96 pixels that box, 4 pixels a unit, is where the ink must be, in the tint.
    @Test(arguments: [96, 48])
    func materialDesignGlyphFillsItsGridInTheTint(_ side: Int) throws {
        let icon = try #require(Icon(named: "mdi:parking"))
        let ink = ink(of: icon, side: side)
        let unit = Double(side) / 24
        #expect(ink.offTint == 0)
        #expect(abs(Double(ink.minX) - 6 * unit) <= 1.5, "left \(ink.minX)")
        #expect(abs(Double(ink.maxX + 1) - 19 * unit) <= 1.5, "right \(ink.maxX)")
        #expect(abs(Double(ink.minY) - 3 * unit) <= 1.5, "top \(ink.minY)")
        #expect(abs(Double(ink.maxY + 1) - 21 * unit) <= 1.5, "bottom \(ink.maxY)")
    }

    @Test func aGlyphTakesItsTint() throws {
        let icon = try #require(Icon(named: "mdi:thermometer"))
        let surface = Surface(width: 32, height: 32)
        icon.draw(in: Rect(x: 0, y: 0, width: 32, height: 32), color: RGBA(red: 0, green: 0, blue: 1), canvas: Canvas(surface: surface))
        surface.markDirty()
        var blue = 0
        for y in 0..<32 { for x in 0..<32 where surface.pixel(x: x, y: y) == 0xFF00_00FF { blue += 1 } }
        #expect(blue > 40)
    }
}
