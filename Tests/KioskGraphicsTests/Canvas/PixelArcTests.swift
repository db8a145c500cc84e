import KioskGraphics
import Testing

/// `Canvas.fillArc` paints a ring's arc pixel by pixel where a circle stays a circle, and leaves
/// the rest to the caller: it never paints from a coverage it cannot work out.
struct PixelArcTests {
    @Test func anArcIsPaintedInsideItsTrackAndOnlyBetweenItsEnds() {
        let surface = Surface(width: 120, height: 120, format: .xrgb8888)
        let canvas = Canvas(surface: surface)
        let green = RGBA(red: 0, green: 1, blue: 0)
        // A quarter from twelve to three o'clock, on a black surface.
        #expect(canvas.fillArc(center: Point(x: 60, y: 60), radius: 40, lineWidth: 10, startAngle: -Double.pi / 2,
                               endAngle: 0, color: green))
        #expect(surface.pixel(x: 88, y: 32) == 0xFF00_FF00)   // on the circle, inside the quarter
        #expect(surface.pixel(x: 32, y: 88) == 0xFF00_0000)   // on the circle, opposite
        #expect(surface.pixel(x: 60, y: 60) == 0xFF00_0000)   // the hole
        #expect(surface.pixel(x: 100, y: 63) == 0xFF00_FF00)  // the round cap, past three o'clock
        #expect(surface.pixel(x: 100, y: 68) == 0xFF00_0000)  // past the cap
    }

    @Test func whatCannotBeWorkedOutIsLeftToTheCaller() {
        let surface = Surface(width: 60, height: 60, format: .xrgb8888)
        let canvas = Canvas(surface: surface)
        let color = RGBA(red: 1, green: 0, blue: 0)
        #expect(!canvas.fillArc(center: Point(x: .nan, y: 30), radius: 20, lineWidth: 4, startAngle: 0, endAngle: 1, color: color))
        #expect(!canvas.fillArc(center: Point(x: 30, y: 30), radius: .infinity, lineWidth: 4, startAngle: 0, endAngle: 1, color: color))
        #expect(!canvas.fillArc(center: Point(x: 30, y: 30), radius: -20, lineWidth: 4, startAngle: 0, endAngle: 1, color: color))
        #expect(!canvas.fillArc(center: Point(x: 30, y: 30), radius: 20, lineWidth: 4, startAngle: 0, endAngle: .nan, color: color))
        // A ring too large for a mask (its mask would be a gigabyte): no mask is made.
        #expect(!canvas.fillArc(center: Point(x: 30, y: 100_030), radius: 100_000, lineWidth: 4, startAngle: -2, endAngle: -1,
                                color: color))
        #expect(canvas.shapeMasks.bytes == 0)
        canvas.scale(x: 2, y: 1)
        #expect(!canvas.fillArc(center: Point(x: 15, y: 30), radius: 10, lineWidth: 4, startAngle: 0, endAngle: 1, color: color))
        #expect((0..<60).allSatisfy { y in (0..<60).allSatisfy { surface.pixel(x: $0, y: y) == 0xFF00_0000 } })
    }
}

/// The box of a round-capped arc: its caps, and its outer edge where it crosses an axis.
struct ArcBoundsTests {
    @Test func aQuarterHoldsItsCapsAndAWholeTurnHoldsTheCircle() {
        let quarter = Rect.enclosingArc(center: Point(x: 0, y: 0), radius: 10, reach: 2, from: -Double.pi / 2, to: 0)
        #expect(abs(quarter.minX - -2) < 1e-9 && abs(quarter.minY - -12) < 1e-9)
        #expect(abs(quarter.maxX - 12) < 1e-9 && abs(quarter.maxY - 2) < 1e-9)
        let turn = Rect.enclosingArc(center: Point(x: 5, y: 5), radius: 10, reach: 2, from: 0.3, to: 0.3 + 2 * Double.pi)
        #expect(abs(turn.minX - -7) < 1e-9 && abs(turn.minY - -7) < 1e-9 && abs(turn.maxX - 17) < 1e-9 && abs(turn.maxY - 17) < 1e-9)
    }
}

/// A track too large for a mask is stroked over the rows being painted, as any path is, and the
/// mask cache keeps to its budget.
struct HugeTrackTests {
    @Test func aTrackAMillionPixelsAcrossIsStrokedWithoutAMask() {
        let surface = Surface(width: 100, height: 100, format: .xrgb8888)
        let canvas = Canvas(surface: surface)
        canvas.strokeCircle(center: Point(x: 50, y: 500_050), radius: 500_000, lineWidth: 20, color: RGBA(red: 1, green: 0, blue: 0))
        #expect(canvas.shapeMasks.bytes == 0)
        #expect(surface.pixel(x: 50, y: 50) == 0xFFFF_0000)   // on the circle's top
        #expect(surface.pixel(x: 50, y: 20) == 0xFF00_0000)   // above it
        #expect(surface.pixel(x: 50, y: 80) == 0xFF00_0000)   // inside, past the line
    }
}
