import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// A whole session of interactions, with every frame checked: the partial repaint must equal a
/// full repaint, and nothing may be painted while the screen is idle.
@MainActor
struct SessionRepaintTests {
    @Test func everyFrameOfASessionEqualsAFullRepaint() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        var checked = 0
        var mismatches: [String] = []
        driver.afterEachFrame = {
            checked += 1
            guard let front = driver.display.output.frontSurface else { return }
            let full = driver.compositor.renderFullFrame()
            let comparison = front.difference(from: full)
            if comparison.differingPixels > 0 {
                mismatches.append("frame \(driver.frameCount): \(comparison.differingPixels) px in \(comparison.differingBounds)")
            }
        }
        try driver.tap(id: "card")
        try driver.tap(id: "switch")
        let markedY = try driver.center(of: "marked").y
        try driver.drag(from: Point(x: 20 + panel.marked.position(for: 3), y: markedY),
                        to: Point(x: 20 + panel.marked.position(for: 9), y: markedY), duration: 0.4)
        let sliderY = try driver.center(of: "slider").y
        try driver.drag(from: Point(x: 120, y: sliderY), to: Point(x: 250, y: sliderY), duration: 0.4)
        try driver.tap(id: "field")
        try driver.type("Hola")
        try driver.type("\n")
        try driver.tap(id: "notes")
        try driver.type("!")
        panel.notes.resignFirstResponder()
        Alert(title: "Done", message: "All controls were used.").present(on: driver.screen)
        try driver.settle()
        try driver.tap(id: "alert.OK")
        #expect(checked > 40)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(checked) frames differ: \(mismatches.prefix(5))")
        #expect(try driver.advance(by: 60) == 0)
    }
}
