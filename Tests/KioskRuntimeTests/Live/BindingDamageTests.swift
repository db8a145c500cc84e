import KioskConfig
import KioskExpression
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// A binding writes a property only when its value changed, so a change damages the views whose
/// properties changed and nothing else; and what it paints equals a full repaint.
@MainActor
struct BindingDamageTests {
    static let config = """
        state:
          hours: 2
          note: Ready
        panels:
          home:
            root:
              type: stack
              alignment: leading
              spacing: 8
              children:
                - {type: label, id: title, text: Parking, size: [200, 30]}
                - {type: progress, id: ring, value: "= state.hours / 8", size: [100, 100]}
                - {type: label, id: price, text: "${currency(state.hours * 1.5, 'EUR')}", size: [200, 30]}
                - {type: label, id: note, text: "${state.note}", size: [200, 30]}
                - {type: progress, id: fixed, value: 0.3, size: [100, 100]}
        """

    /// The rectangle around a view, grown by what it may paint beyond its bounds.
    func area(_ kiosk: PanelSessionFixture, _ id: String, margin: Int = 3) -> PixelRect {
        let frame = kiosk.frame(of: id)
        return PixelRect(x: frame.x - margin, y: frame.y - margin, width: frame.width + 2 * margin, height: frame.height + 2 * margin)
    }

    @Test func aBindingChangeDamagesOnlyTheBoundViewsThatChanged() throws {
        let kiosk = try PanelSessionFixture(Self.config, size: Size(width: 400, height: 420))
        let compositor = kiosk.session.display.compositor
        let before = compositor.renderFullFrame()
        let frames = kiosk.framesPresented
        try kiosk.setState("hours", .number(5))
        #expect(kiosk.framesPresented == frames + 1)
        #expect(kiosk.label("price")?.contains("7,50") == true || kiosk.label("price")?.contains("7.50") == true)
        let damage = kiosk.lastDamage
        let after = compositor.renderFullFrame()
        let bound = [area(kiosk, "ring"), area(kiosk, "price")]
        for rect in damage.rects {
            #expect(bound.contains { $0.contains(rect) }, "damage \(rect) lies outside the bound views \(bound)")
        }
        #expect(!damage.rects.contains { $0.intersects(kiosk.frame(of: "note")) }, "the note's value did not change")
        #expect(!damage.rects.contains { $0.intersects(kiosk.frame(of: "title")) })
        #expect(!damage.rects.contains { $0.intersects(kiosk.frame(of: "fixed")) })
        var changed = 0, missed = 0
        for y in 0..<before.height {
            for x in 0..<before.width where before.pixel(x: x, y: y) != after.pixel(x: x, y: y) {
                changed += 1
                if !damage.contains(x: x, y: y) { missed += 1 }
            }
        }
        #expect(changed > 0)
        #expect(missed == 0, "\(missed) changed pixels lie outside the damage \(damage.rects)")
        // The partial repaint on screen is the full one.
        let front = try #require(kiosk.session.display.output.frontSurface)
        #expect(front.difference(from: after).differingPixels == 0)
    }

    @Test func aChangeThatLeavesABoundValueAsItWasPaintsNothing() throws {
        let kiosk = try PanelSessionFixture("""
            state:
              hours: 2.2
            panels:
              home:
                root:
                  type: stack
                  children:
                    - {type: label, id: rounded, text: "${round(state.hours)} h", size: [200, 30]}
            """)
        let frames = kiosk.framesPresented
        try kiosk.setState("hours", .number(1.8))
        #expect(kiosk.evaluations("rounded", "text") == 2)
        #expect(kiosk.framesPresented == frames, "the text stayed '2 h': nothing was written, nothing painted")
    }
}
