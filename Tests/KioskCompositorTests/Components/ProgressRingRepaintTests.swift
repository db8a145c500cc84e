import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// The dashboard's ring repaints only what a value step changes, and exactly that: every step of
/// a percent, up and down the whole range, leaves the screen as a full repaint would.
struct ProgressRingRepaintTests {
    @Test(arguments: [0.01, -0.01, 0.07])
    func everyStepRepaintsExactlyWhatAFullRepaintShows(step: Double) throws {
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
        dashboard.ring.value = step > 0 ? 0 : 1
        try display.renderUntilIdle()
        var value = dashboard.ring.value
        for _ in 0..<Int((1 / abs(step)).rounded(.up)) {
            value = min(max(value + step, 0), 1)
            dashboard.ring.value = value
            try display.renderUntilIdle()
            let partial = try #require(display.output.frontSurface)
            let comparison = partial.difference(from: display.compositor.renderFullFrame())
            #expect(comparison.differingPixels == 0,
                    "at \(value): \(comparison.differingPixels) pixels differ in \(comparison.differingBounds), damage \(display.compositor.lastDamage)")
            if comparison.differingPixels > 0 { break }
        }
    }
}
