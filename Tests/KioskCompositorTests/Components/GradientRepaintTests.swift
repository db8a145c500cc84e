import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// A gradient view writes each row's value, rendered once: exactly the gradient cairo fills, in a
/// partial repaint as in a full one.
struct GradientRepaintTests {
    static let size = Size(width: 300, height: 200)
    static let top = RGBA(hex: 0xEEF2F7), bottom = RGBA(hex: 0x1E293B)

    @Test func rowsAreTheGradientCairoFills() throws {
        let gradient = GradientView(top: Color(Self.top), bottom: Color(Self.bottom))
        let display = HeadlessDisplay(size: Self.size, rootView: gradient)
        try display.renderUntilIdle()
        let expected = Surface(width: 300, height: 200, format: .xrgb8888)
        let canvas = Canvas(surface: expected)
        canvas.beginPath()
        canvas.addRect(Rect(size: Self.size))
        canvas.fill(.vertical(in: Rect(size: Self.size), from: Self.top, to: Self.bottom))
        let frame = try #require(display.output.frontSurface)
        #expect(frame.difference(from: expected).isEmpty)
    }

    /// Under a rounded clip rows cannot be written: the picture is copied, with the same pixels inside.
    @Test func aRoundedClipCopiesThePictureWithTheSamePixels() throws {
        func render(cornerRadius: Double) throws -> Surface {
            let root = View(frame: Rect(size: Self.size))
            root.backgroundColor = .white
            let holder = View(frame: Rect(x: 20, y: 10, width: 260, height: 180))
            holder.cornerRadius = cornerRadius
            holder.clipsToBounds = true
            let gradient = GradientView(top: Color(Self.top), bottom: Color(Self.bottom))
            gradient.frame = Rect(x: 0, y: 0, width: 260, height: 180)
            holder.addSubview(gradient)
            root.addSubview(holder)
            let display = HeadlessDisplay(size: Self.size, rootView: root)
            try display.renderUntilIdle()
            gradient.bottomColor = Color(RGBA(hex: 0x0F172A))
            try display.renderUntilIdle()
            let frame = try #require(display.output.frontSurface)
            #expect(frame.difference(from: display.compositor.renderFullFrame()).isEmpty)
            return frame
        }
        let rows = try render(cornerRadius: 0), picture = try render(cornerRadius: 30)
        for (x, y) in [(150, 100), (40, 50), (250, 170), (150, 12)] {
            #expect(rows.pixel(x: x, y: y) == picture.pixel(x: x, y: y), "(\(x), \(y))")
        }
    }
}
