import KioskConfig
import KioskExpression
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// What the live-panel tests read from a panel session.
@MainActor
extension PanelSessionFixture {
    var screen: Screen { session.display.screen }

    func label(_ id: String) -> String? { (screen.view(withID: id) as? Label)?.text }

    func evaluations(_ id: String, _ property: String) -> Int {
        host.bindings.evaluationCount(widget: id, property: property)
    }

    /// Lets the frames that a change asked for run.
    func settle() throws {
        try session.renderUntilIdle()
    }

    func setState(_ name: String, _ value: ExpressionValue) throws {
        host.live.setState(name, value)
        try settle()
    }

    /// Frames presented so far.
    var framesPresented: Int { session.display.framesPresented }

    /// Problems logged about formulas (they carry a file:line:column).
    var formulaProblems: [String] { logged.filter { $0.contains("kiosk.yaml:") } }
}

@MainActor
extension PanelSessionFixture {
    /// Drags a marked slider's thumb from its value to `value`, as a finger would.
    func drag(slider id: String, to value: Double) throws {
        let slider = try #require(screen.view(withID: id) as? MarkedSlider)
        let box = session.driver.frameOnScreen(of: slider)
        let y = box.midY
        try session.driver.drag(from: Point(x: box.minX + slider.position(for: slider.value), y: y),
                                to: Point(x: box.minX + slider.position(for: value), y: y), duration: 0.2)
        try settle()
    }
}

@MainActor
extension PanelSessionFixture {
    /// The screen rectangle of a view, in whole pixels, grown by `margin` above and below (a
    /// label's glyphs may reach past its box).
    func pixelFrame(of view: View, verticalMargin margin: Int = 0) -> PixelRect {
        let box = session.driver.frameOnScreen(of: view)
        return PixelRect(x: Int(box.minX), y: Int(box.minY) - margin, width: Int(box.width.rounded(.up)),
                         height: Int(box.height.rounded(.up)) + 2 * margin)
    }

    /// The last frame's damage lies within `allowed`, covers every pixel that changed since
    /// `before` (a full repaint taken before the change), and the partial repaint on screen equals
    /// a full one.
    func expectDamageConfined(to allowed: [PixelRect], since before: Surface,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let damage = lastDamage
        #expect(!damage.isEmpty, sourceLocation: sourceLocation)
        let union = allowed.dropFirst().reduce(allowed.first ?? PixelRect.zero) { $0.union($1) }
        for rect in damage.rects {
            #expect(allowed.contains { $0.contains(rect) } || union.contains(rect),
                    "damage \(rect) lies outside \(allowed)", sourceLocation: sourceLocation)
        }
        let after = session.display.compositor.renderFullFrame()
        var missed = 0
        for y in 0..<before.height {
            for x in 0..<before.width where before.pixel(x: x, y: y) != after.pixel(x: x, y: y) && !damage.contains(x: x, y: y) {
                missed += 1
            }
        }
        #expect(missed == 0, "\(missed) changed pixels lie outside the damage", sourceLocation: sourceLocation)
        let front = try #require(session.display.output.frontSurface, sourceLocation: sourceLocation)
        #expect(front.difference(from: after).differingPixels == 0, "the partial repaint equals a full one",
                sourceLocation: sourceLocation)
    }
}

