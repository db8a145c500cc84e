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
