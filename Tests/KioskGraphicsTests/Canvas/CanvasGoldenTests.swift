import KioskGraphics
import KioskTestSupport
import Testing

/// The canvas primitives, each drawn on a white surface and compared with its golden image.
struct CanvasGoldenTests {
    private func render(width: Int = 200, height: Int = 140, _ body: (Canvas) -> Void) -> Surface {
        let surface = Surface(width: width, height: height, format: .xrgb8888)
        let canvas = Canvas(surface: surface)
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: RGBA(hex: 0xFFFFFF))
        body(canvas)
        return surface
    }

    @Test func roundedRectWithShadow() throws {
        let surface = render { canvas in
            let card = Rect(x: 30, y: 20, width: 140, height: 90)
            canvas.drawShadow(Shadow(opacity: 0.2, offset: Size(width: 0, height: 4), radius: 8), ofRoundedRect: card, radius: 12)
            canvas.fill(roundedRect: card, radius: 12, color: RGBA(hex: 0x007AFF))
        }
        // The shadow darkens below the card more than above it (offset y 4), and fades out.
        #expect(surface.pixel(x: 100, y: 116) != 0xFFFF_FFFF)
        #expect(surface.pixel(x: 100, y: 16) == 0xFFFF_FFFF || surface.pixel(x: 100, y: 16) > surface.pixel(x: 100, y: 114))
        #expect(surface.pixel(x: 100, y: 60) == 0xFF00_7AFF)
        try GoldenImage.assertMatches(surface, named: "canvas-rounded-rect-shadow")
    }

    @Test func arcWithRoundCaps() throws {
        let surface = render { canvas in
            canvas.beginPath()
            canvas.addArc(center: Point(x: 100, y: 70), radius: 50, startAngle: -Double.pi / 2, endAngle: Double.pi / 3)
            canvas.stroke(RGBA(hex: 0x34C759), style: StrokeStyle(width: 14, cap: .round))
        }
        #expect(surface.pixel(x: 100, y: 20) == 0xFF34_C759)     // 12 o'clock, on the arc
        #expect(surface.pixel(x: 50, y: 70) == 0xFFFF_FFFF)      // 9 o'clock: not reached
        #expect(surface.pixel(x: 94, y: 20) != 0xFFFF_FFFF)      // the round cap reaches back past the start
        try GoldenImage.assertMatches(surface, named: "canvas-arc-round-caps")
    }

    @Test func linearGradient() throws {
        let surface = render { canvas in
            let rect = Rect(x: 0, y: 0, width: 200, height: 140)
            canvas.beginPath()
            canvas.addRect(rect)
            canvas.fill(LinearGradient.vertical(in: rect, from: RGBA(hex: 0xEEF2F7), to: RGBA(hex: 0xCBD5E1)))
        }
        #expect(surface.pixel(x: 10, y: 0) & 0xFF == 0xF7)
        #expect(surface.pixel(x: 10, y: 139) & 0xFF <= 0xE2)
        try GoldenImage.assertMatches(surface, named: "canvas-gradient")
    }

    @Test func clippedText() throws {
        let surface = render { canvas in
            canvas.clip(to: Rect(x: 20, y: 20, width: 120, height: 30))
            let layout = TextLayout(text: "Clipped text runs past its box", font: Font(size: 24, weight: .bold))
            canvas.draw(layout, at: Point(x: 20, y: 22), color: RGBA(hex: 0x000000))
        }
        #expect(surface.pixel(x: 150, y: 35) == 0xFFFF_FFFF)    // right of the clip: untouched
        try GoldenImage.assertMatches(surface, named: "canvas-clipped-text")
    }

    /// A clip with a negative size holds nothing; cairo alone would clip to the rectangle reaching
    /// the other way from its origin.
    @Test(arguments: [Size(width: 120, height: -30), Size(width: -120, height: 30), Size(width: 0, height: 30),
                      Size(width: .nan, height: 30), Size(width: 120, height: .nan)])
    func aClipWithNoAreaLetsNothingThrough(size: Size) {
        let clip = Rect(origin: Point(x: 150, y: 80), size: size)
        for rounded in [false, true] {
            let surface = render { canvas in
                if rounded { canvas.clip(toRoundedRect: clip, radius: 6) } else { canvas.clip(to: clip) }
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 140), color: RGBA(hex: 0x000000))
            }
            let painted = (0..<140).reduce(0) { count, y in count + (0..<200).filter { surface.pixel(x: $0, y: y) != 0xFFFF_FFFF }.count }
            #expect(painted == 0, "rounded: \(rounded)")
            // The canvas is still usable once the clip is undone.
            let after = render { canvas in
                canvas.withSavedState {
                    if rounded { canvas.clip(toRoundedRect: clip, radius: 6) } else { canvas.clip(to: clip) }
                }
                canvas.fill(Rect(x: 10, y: 10, width: 20, height: 20), color: RGBA(hex: 0x000000))
            }
            #expect(after.pixel(x: 20, y: 20) == 0xFF00_0000, "rounded: \(rounded)")
        }
    }

    @Test func rightToLeftText() throws {
        let layout = TextLayout(text: "שלום עולם", font: Font(size: 22))
        layout.setWidth(180)
        #expect(layout.resolvedDirection == .rightToLeft)
        let surface = render { canvas in
            canvas.draw(layout, at: Point(x: 10, y: 50), color: RGBA(hex: 0x000000))
        }
        // Natural alignment of a right-to-left paragraph puts the text against the right edge.
        let inkColumns = (0..<200).filter { x in (40..<90).contains { y in surface.pixel(x: x, y: y) != 0xFFFF_FFFF } }
        #expect((inkColumns.max() ?? 0) > 170)
        #expect((inkColumns.min() ?? 0) > 40)
        try GoldenImage.assertMatches(surface, named: "canvas-rtl-text")
    }
}
