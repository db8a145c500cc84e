import KioskGraphics

/// Colour sampling in a snapshot: how many pixels of an area are (nearly) a given colour.
extension Surface {
    func count(near color: RGBA, in area: PixelRect, tolerance: Int = 12) -> Int {
        var matches = 0
        let target = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
        let rows = max(0, area.y)..<max(max(0, area.y), min(height, area.y + area.height))
        let columns = max(0, area.x)..<max(max(0, area.x), min(width, area.x + area.width))
        for y in rows {
            for x in columns {
                let pixel = self.pixel(x: x, y: y)
                let channels = [Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF)]
                if zip(channels, target).allSatisfy({ abs($0 - $1) <= tolerance }) { matches += 1 }
            }
        }
        return matches
    }

    /// The colour at (x, y), opaque.
    func color(x: Int, y: Int) -> RGBA {
        let pixel = self.pixel(x: x, y: y)
        return RGBA(red: Double((pixel >> 16) & 0xFF) / 255, green: Double((pixel >> 8) & 0xFF) / 255,
                    blue: Double(pixel & 0xFF) / 255)
    }
}
