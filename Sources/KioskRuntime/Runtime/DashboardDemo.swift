import FoundationEssentials
import Glibc
import KioskGraphics
import KioskInput
import KioskPlatform
import KioskUI

/// What the reference dashboard does on a live display until panels come from a configuration:
/// it logs every input event (proving delivery, rotation mapping and multi-touch end to end), the
/// `+`/`-` keys move the ring by one percent, and with `animates` the ring sweeps continuously.
/// It is the runtime's delegate (`runtime.delegate = demo`).
public final class DashboardDemo: LiveRuntimeDelegate {
    public let dashboard: ReferenceDashboard
    public var animates: Bool
    private let logger: Logger
    private var animationStart: Double?

    public init(dashboard: ReferenceDashboard, animates: Bool = false, logger: Logger) {
        self.dashboard = dashboard
        self.animates = animates
        self.logger = logger
    }

    /// One log line per event: "input: touch began id=0 x=640.00 y=400.00", "input: key down text "+"".
    public func handle(_ event: InputEvent) {
        logger.info("input: " + Self.describe(event))
        guard case .key(let key) = event, key.isDown, case .text(let text) = key.key else { return }
        switch text {
        case "+", "=": stepRing(by: 0.01)
        case "-": stepRing(by: -0.01)
        default: break
        }
    }

    /// Steps the sweep: one full turn every four seconds.
    public func willPaint(at time: Double) {
        guard animates else { return }
        let start = animationStart ?? time
        animationStart = start
        let phase = (time - start).truncatingRemainder(dividingBy: 4) / 4
        // A new value each frame keeps frames coming; the frame loop paces them.
        dashboard.ring.value = phase
    }

    private func stepRing(by delta: Double) {
        let percent = ((dashboard.ring.value + delta) * 100).rounded() / 100
        dashboard.ring.value = percent
        logger.info("demo: ring \(ProgressView.percentageText(for: dashboard.ring.value))")
    }

    // MARK: LiveRuntimeDelegate

    public func liveRuntime(_ runtime: LiveRuntime, didReceive event: InputEvent) {
        handle(event)
    }

    public func liveRuntime(_ runtime: LiveRuntime, willPaintFrameAt time: Double) {
        willPaint(at: time)
    }

    /// The dashboard is the runtime's root view on every screen: nothing to build.
    public func liveRuntime(_ runtime: LiveRuntime, didCreate screen: Screen) {}

    /// No idle behaviour: activity changes nothing.
    public func liveRuntimeDidSeeUserActivity(_ runtime: LiveRuntime) {}

    /// No configuration to reload; SIGHUP is logged by the runtime and otherwise ignored.
    public func liveRuntimeShouldReload(_ runtime: LiveRuntime) {}

    static func describe(_ event: InputEvent) -> String {
        switch event {
        case .touch(let sample):
            let id = sample.id == TouchSample.pointerID ? "pointer" : "\(sample.id)"
            return "touch \(sample.phase.rawValue) id=\(id) "
                + String(cFormat: "x=%.2f y=%.2f", sample.location.x, sample.location.y)
        case .key(let key):
            return "key \(key.isDown ? "down" : "up") \(InputEventFormatter.name(of: key.key))"
        case .hardwareKeyboardPresent(let present):
            return "hardware keyboard \(present ? "present" : "absent")"
        }
    }
}
