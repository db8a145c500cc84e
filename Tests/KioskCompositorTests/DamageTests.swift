import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

struct DamageTests {
    @Test func ringStepDamagesLittleAndEverythingThatChanged() throws {
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
        try display.renderUntilIdle()
        let before = display.compositor.renderFullFrame()

        dashboard.ring.value = 0.43
        #expect(try display.renderUntilIdle() == 1)
        let damage = display.compositor.lastDamage
        let after = display.compositor.renderFullFrame()

        let ringBox = PixelRect(covering: dashboard.ring.transformToScreen.apply(to: dashboard.ring.bounds))
        #expect(damage.area < ringBox.area / 4, "damage \(damage) against ring \(ringBox)")
        var changed = 0, missed = 0
        var missedBox = PixelRect.zero
        for y in 0..<before.height {
            for x in 0..<before.width where before.pixel(x: x, y: y) != after.pixel(x: x, y: y) {
                changed += 1
                if !damage.contains(x: x, y: y) {
                    missed += 1
                    missedBox = missedBox.union(PixelRect(x: x, y: y, width: 1, height: 1))
                }
            }
        }
        #expect(changed > 0)
        #expect(missed == 0, "\(missed) changed pixels lie outside the damage \(damage), in \(missedBox)")
    }

    @Test func aMovedCardDamagesItsOldAndNewPlaceWithTheShadow() throws {
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
        try display.renderUntilIdle()
        let card = try #require(display.screen.view(withID: "card6"))
        card.frame = card.frame.offsetBy(dx: 0, dy: 10)
        try display.renderUntilIdle()
        let damage = display.compositor.lastDamage
        // The shadow (radius 16, offset 4) reaches 24 px beyond the card, 28 below.
        #expect(damage.contains(x: 860 - 20, y: 418 + 50))
        #expect(damage.contains(x: 860 + 100, y: 418 + 310 + 10 + 26))
        #expect(!damage.contains(x: 100, y: 100))
    }

    @Test func nothingChangedProducesNoFrames() throws {
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
        try display.renderUntilIdle()
        let frames = display.compositor.frameCount
        #expect(try display.advance(by: 60) == 0)
        #expect(display.compositor.frameCount == frames)
        // Setting a property to the value it has is not a change either.
        dashboard.ring.value = 0.42
        dashboard.brightnessLabel.text = "Brightness 65%"
        #expect(try display.advance(by: 1) == 0)
        dashboard.brightnessLabel.text = "Brightness 70%"
        #expect(try display.advance(by: 1) == 1)
    }

    /// A card inside a small box, with a badge far outside it: the box's painted extent reaches the badge.
    private func boxWithFarBadge() throws -> (display: HeadlessDisplay, outer: View, inner: View, badge: View) {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        root.backgroundColor = .white
        let outer = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        let inner = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        let card = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        card.backgroundColor = .systemBlue
        let badge = View(frame: Rect(x: 200, y: 150, width: 20, height: 20))
        badge.backgroundColor = .systemRed
        inner.setSubviews([card, badge])
        outer.addSubview(inner)
        root.addSubview(outer)
        let display = HeadlessDisplay(size: Size(width: 320, height: 240), rootView: root)
        try display.renderUntilIdle()
        #expect(inner.paintedSubtreeRect == PixelRect(x: 10, y: 10, width: 220, height: 170))
        return (display, outer, inner, badge)
    }

    @Test(arguments: [false, true])
    func aRemovedSubviewLeavesItsAncestorsPaintedExtents(replacingAllSubviews: Bool) throws {
        let (display, outer, inner, badge) = try boxWithFarBadge()
        if replacingAllSubviews { inner.setSubviews([inner.subviews[0]]) } else { badge.removeFromSuperview() }
        try display.renderUntilIdle()
        let box = PixelRect(x: 10, y: 10, width: 20, height: 20)
        #expect(inner.paintedSubtreeRect == box)
        #expect(outer.paintedSubtreeRect == box)
        #expect(display.compositor.lastDamage.contains(x: 215, y: 165), "where the badge was is repainted")
        let partial = try #require(display.output.frontSurface)
        #expect(partial.difference(from: display.compositor.renderFullFrame()).isEmpty)
    }

    @Test func aBoxThatLostASubviewAndThenTheScreenComesBackWithoutIt() throws {
        let (display, outer, inner, badge) = try boxWithFarBadge()
        let root = display.screen.rootView
        badge.removeFromSuperview()
        outer.removeFromSuperview()
        try display.renderUntilIdle()
        #expect(inner.paintedSubtreeRect == .zero, "off the screen it paints nowhere")
        root.addSubview(outer)
        try display.renderUntilIdle()
        #expect(inner.paintedSubtreeRect == PixelRect(x: 10, y: 10, width: 20, height: 20))
        let partial = try #require(display.output.frontSurface)
        #expect(partial.difference(from: display.compositor.renderFullFrame()).isEmpty)
    }
}
