import Foundation
import KioskCompositor
import KioskGraphics
import KioskPlatform
import KioskRuntime
import KioskUI

/// Input to screen on the headless display run on the real clock, with its simulated vblank: an
/// input arrives at a random moment of the refresh interval and changes the reference dashboard (the
/// ring, a small repaint, or the background, a whole one); the row gives how long until the frame
/// showing it was handed to the display (flip submitted) and until the vblank that shows it,
/// against the target of one refresh plus the 99th-percentile paint time. Each scene runs with the
/// repaint window fixed at the display's 1 ms and with the window following the paint times.
func addLatencyRows(to table: inout Table, inputs: Int = 150) throws {
    for scene in ["ring", "background"] {
        for adaptive in [false, true] {
            let result = try measureLatency(scene: scene, adaptiveWindow: adaptive, inputs: inputs)
            let name = "input -> \(scene) shown, window \(adaptive ? "following paint times" : "fixed 1 ms")"
            let paint = percentile(result.paintTimes, 0.99)
            let interval = 1000 / HeadlessDisplay.defaultRefreshRate
            table.add(name, median: String(format: "%.2f ms", percentile(result.shown, 0.5)),
                      p90: String(format: "p99 %.2f ms (target %.2f = refresh + p99 paint %.2f); submitted p99 %.2f ms",
                                  percentile(result.shown, 0.99), interval + paint, paint, percentile(result.submitted, 0.99)))
        }
    }
}

private struct LatencySamples {
    var submitted: [Double] = []
    var shown: [Double] = []
    var paintTimes: [Double] = []
}

private func measureLatency(scene: String, adaptiveWindow: Bool, inputs: Int) throws -> LatencySamples {
    let loop = try EventLoop()
    let dashboard = ReferenceDashboard()
    let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root, scheduler: loop)
    display.frames.repaintWindowFollowsPaintTime = adaptiveWindow
    while display.isBusy { try loop.runOnce() }

    var samples = LatencySamples()
    var pendingInput: Double?
    var submittedAt: Double?
    var toggled = false
    let interval = display.refreshInterval
    var generator = SystemRandomNumberGenerator()

    func input() {
        toggled.toggle()
        if scene == "ring" {
            dashboard.ring.value = toggled ? 0.43 : 0.42
        } else {
            dashboard.root.backgroundColor = toggled ? .systemBlue : .white
        }
        pendingInput = loop.now
        submittedAt = nil
    }
    func scheduleInput() throws {
        // Anywhere in the interval: the latency depends on where the input falls in it.
        _ = try loop.addTimer(at: loop.now + Double.random(in: 0..<interval, using: &generator)) { input() }
    }
    let observer = PresentWatcher { number in
        guard pendingInput != nil, submittedAt == nil else { return }
        submittedAt = loop.now
        samples.paintTimes.append(display.compositor.lastTimings.duration * 1000)
    }
    display.frames.addObserver(observer)
    display.addPresentationObserver { shown in
        guard let input = pendingInput, let submitted = submittedAt else { return }
        samples.submitted.append((submitted - input) * 1000)
        samples.shown.append((shown - input) * 1000)
        pendingInput = nil
        do { try scheduleInput() } catch { loop.stop() }
    }
    try scheduleInput()
    while samples.shown.count < inputs { try loop.runOnce() }
    samples.submitted.sort()
    samples.shown.sort()
    samples.paintTimes.sort()
    return samples
}

/// Hears each frame the loop hands to the display.
private final class PresentWatcher: FrameLoopObserver {
    let onPresent: (Int) -> Void
    init(_ onPresent: @escaping (Int) -> Void) { self.onPresent = onPresent }
    func framePresented(by compositor: Compositor, number: Int) { onPresent(number) }
    func flipCompleted(at timestamp: Double, shownAt: Double) {}
}
