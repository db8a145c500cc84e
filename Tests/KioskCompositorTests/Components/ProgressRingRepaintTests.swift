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

/// A ring under a rotated ancestor, and one scaled more across than down, have their arc's outline
/// rasterized, not filled pixel by pixel: their repaints are exact too (the turned one repaints
/// the whole ring; the stretched one the rows the change crosses, which settle as a whole).
struct TurnedProgressRingRepaintTests {
    @Test(arguments: [AffineTransform(rotationAngle: 0.35), AffineTransform(scaleX: 1.3, y: 0.8)])
    func everyStepRepaintsExactlyWhatAFullRepaintShows(transform: AffineTransform) throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 320))
        root.backgroundColor = Color(.systemBackground)
        let turned = View(frame: Rect(x: 40, y: 40, width: 240, height: 240))
        turned.transform = transform
        let ring = ProgressView(value: 0)
        ring.lineWidth = 15
        ring.frame = Rect(x: 20, y: 20, width: 200, height: 200)
        turned.addSubview(ring)
        root.addSubview(turned)
        let display = HeadlessDisplay(size: Size(width: 320, height: 320), rootView: root)
        try display.renderUntilIdle()
        var widest = 0
        for step in 1...60 {
            ring.value = Double(step) * 0.017
            try display.renderUntilIdle()
            widest = max(widest, display.compositor.lastPaintedPixels)
            let partial = try #require(display.output.frontSurface)
            let comparison = partial.difference(from: display.compositor.renderFullFrame())
            #expect(comparison.differingPixels == 0,
                    "\(transform), step \(step): \(comparison.differingPixels) pixels differ in \(comparison.differingBounds)")
            if comparison.differingPixels > 0 { break }
        }
        #expect(widest > 0)
    }
}

/// A step of a percent on the dashboard's ring repaints the sector between its two ends with their
/// caps, and the digit that changed: fewer pixels than LVGL repaints for the same step (2,560).
struct ProgressRingDamageTests {
    @Test func aStepOfAPercentRepaintsTheSweptSectorAndTheChangedDigit() throws {
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
        try display.renderUntilIdle()
        dashboard.ring.value = 0.43
        try display.renderUntilIdle()
        #expect(display.compositor.lastPaintedPixels > 0)
        #expect(display.compositor.lastPaintedPixels < 2_560, "\(display.compositor.lastDamage)")
    }
}
