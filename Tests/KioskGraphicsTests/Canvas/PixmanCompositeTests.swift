import KioskGraphics
import Testing

/// Solid colours through masks and solid rectangles, composited by pixman straight into the
/// surface, give byte for byte what cairo gives: opaque and translucent colours, components that
/// round either way, both surface formats, a clip of several rectangles, over pixels that differ.
struct PixmanCompositeTests {
    static let colors = [
        RGBA(red: 0.2, green: 0.78, blue: 0.35), RGBA(red: 0.9, green: 0.9, blue: 0.92),
        RGBA(red: 1, green: 0.5, blue: 0.25, alpha: 0.5), RGBA(red: 0.333, green: 0.667, blue: 0.1, alpha: 0.73),
        RGBA(red: 0.5 / 255, green: 127.5 / 255, blue: 254.5 / 255, alpha: 0.999), RGBA(red: 0, green: 0, blue: 0, alpha: 0.2),
        RGBA(red: 1.5, green: -0.5, blue: 0.5, alpha: 1.2),
    ]

    /// Paints a ring's track and arc, a rounded rectangle's body and a card's inside with each
    /// colour over a gradient, through `clip`, with pixman's shortcut on or off.
    static func paint(format: PixelFormat, pixman: Bool, clip: Region) -> Surface {
        let surface = Surface(width: 240, height: 200, format: format)
        let canvas = Canvas(surface: surface)
        canvas.compositesWithPixman = pixman
        canvas.addRect(Rect(x: 0, y: 0, width: 240, height: 200))
        canvas.fill(LinearGradient.vertical(in: Rect(x: 0, y: 0, width: 240, height: 200),
                                            from: RGBA(red: 0.93, green: 0.95, blue: 0.97, alpha: 0.8),
                                            to: RGBA(red: 0.1, green: 0.16, blue: 0.23)))
        canvas.clip(to: clip)
        for (index, color) in colors.enumerated() {
            let shift = Double(index) * 3.25
            canvas.strokeCircle(center: Point(x: 80 + shift, y: 90), radius: 52.5, lineWidth: 15, color: color)
            canvas.beginPath()
            canvas.addArc(center: Point(x: 150, y: 100 + shift), radius: 40, startAngle: -1.5, endAngle: 1.1 + shift / 10)
            canvas.addLine(to: Point(x: 150, y: 100))
            canvas.closePath()
            canvas.fill(color)
            canvas.fill(roundedRect: Rect(x: 10 + shift, y: 140, width: 120, height: 50), radius: 12, color: color)
        }
        return surface
    }

    @Test(arguments: [PixelFormat.xrgb8888, .argb32])
    func pixmanGivesWhatCairoGives(format: PixelFormat) {
        let whole = Region(PixelRect(x: 0, y: 0, width: 240, height: 200))
        var pieces = Region(PixelRect(x: 5, y: 20, width: 90, height: 70))
        pieces.add(PixelRect(x: 120, y: 60, width: 100, height: 130))
        for region in [whole, pieces] {
            let shortcut = Self.paint(format: format, pixman: true, clip: region)
            let reference = Self.paint(format: format, pixman: false, clip: region)
            var differing = 0
            for y in 0..<200 { for x in 0..<240 where shortcut.pixel(x: x, y: y) != reference.pixel(x: x, y: y) { differing += 1 } }
            #expect(differing == 0, "\(format), clip \(region)")
        }
    }
}
