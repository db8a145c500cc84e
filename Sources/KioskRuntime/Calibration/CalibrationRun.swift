import FoundationEssentials
import Glibc
import KioskGraphics
import KioskInput
import KioskPlatform
import KioskUI

/// `kiosk calibrate` on the live runtime: shows the session's crosshairs, feeds it the touches the
/// runtime reads (uncalibrated), says on screen and on stdout what to do next, and stops the loop
/// with the result. A run that sees no touchscreen, or no touch for `timeout` seconds, ends with an
/// error instead of waiting for ever.
final class CalibrationRun: LiveRuntimeDelegate {
    nonisolated enum Failure: Error, CustomStringConvertible {
        case noTouchscreen(devices: [String])
        case timedOut(seconds: Double)
        case noDisplay(seconds: Double)
        case noTimer(reason: String)
        case notVerified(error: Double, tolerance: Double)

        var description: String {
            switch self {
            case .noTouchscreen(let devices):
                "no touchscreen to calibrate: " + (devices.isEmpty ? "no input device was found"
                    : "the input devices are \(devices.joined(separator: ", ")), none of them a touchscreen")
                    + " (`kiosk-input-check` lists what the kiosk sees; --device names one)"
            case .timedOut(let seconds):
                "no touch for \(Int(seconds)) s: calibration stopped, nothing written"
            case .noTimer(let reason):
                "cannot arm the calibration's timeout (\(reason)); nothing written"
            case .noDisplay(let seconds):
                "no display to show the crosshairs on within \(Int(seconds)) s (is one connected, and the kiosk service stopped?)"
            case .notVerified(let error, let tolerance):
                "the check point missed its crosshair by \(String(cFormat: "%.1f", error)) px (at most "
                    + "\(String(cFormat: "%.1f", tolerance)) px is accepted) in \(CalibrationSession.maximumRounds) rounds: "
                    + "nothing written. Touch each crosshair's centre with a fingertip or a stylus and run it again."
            }
        }
    }

    struct Success {
        let matrix: CalibrationMatrix
        /// Pixels between the check crosshair and where its touch landed with the matrix applied.
        let error: Double
        let tolerance: Double
    }

    let runtime: LiveRuntime
    let view: CalibrationView
    let timeout: Double
    private(set) var result: Result<Success, Failure>?
    private var session: CalibrationSession?
    /// The finger being followed and the positions it reported; other fingers are ignored.
    private var touch: (id: Int, samples: [Point])?
    private var checkedDevices = false
    private var timer: TimerID?
    private let say: (String) -> Void

    init(runtime: LiveRuntime, view: CalibrationView, timeout: Double, say: @escaping (String) -> Void) {
        self.runtime = runtime
        self.view = view
        self.timeout = timeout
        self.say = say
        runtime.delegate = self
        // From the start, so a display that never comes ends the run too.
        armTimeout()
    }

    // MARK: LiveRuntimeDelegate

    func liveRuntime(_ runtime: LiveRuntime, didCreate screen: Screen) {
        guard let display = runtime.display else { return }
        let session = CalibrationSession(uiSize: screen.size, bufferWidth: display.mode.width, bufferHeight: display.mode.height,
                                         rotation: runtime.options.rotation)
        self.session = session
        touch = nil
        say("display \(display.mode.width)x\(display.mode.height), rotation \(runtime.options.rotation.rawValue); "
            + "the check point must land within \(String(cFormat: "%.1f", session.tolerance)) px")
        show(step: 0, detail: "", announce: checkedDevices)
    }

    func liveRuntime(_ runtime: LiveRuntime, willPaintFrameAt time: Double) {
        // The input devices are open by the first frame: without a touchscreen there is nothing to
        // do; with one, the first crosshair is announced now, when a touch on it can be read.
        guard !checkedDevices, let input = runtime.input else { return }
        checkedDevices = true
        let touchscreens = input.devices.filter { $0.capabilities.contains(.touch) }
        guard !touchscreens.isEmpty else {
            finish(.failure(.noTouchscreen(devices: input.devices.map(\.description))))
            return
        }
        say("touchscreen " + touchscreens.map(\.description).joined(separator: ", "))
        show(step: session?.current ?? 0, detail: "")
    }

    func liveRuntime(_ runtime: LiveRuntime, didReceive event: InputEvent) {
        guard case .touch(let sample) = event, sample.id != TouchSample.pointerID, session != nil else { return }
        switch sample.phase {
        case .began:
            if touch == nil { touch = (sample.id, [sample.location]) }
        case .moved:
            if touch?.id == sample.id { touch?.samples.append(sample.location) }
        case .cancelled:
            if touch?.id == sample.id { touch = nil }
        case .ended:
            guard let finished = touch, finished.id == sample.id else { return }
            touch = nil
            armTimeout()
            guard var session else { return }
            let outcome = session.touch(samples: finished.samples)
            self.session = session
            handle(outcome)
        }
    }

    func liveRuntimeDidSeeUserActivity(_ runtime: LiveRuntime) {}

    func liveRuntimeShouldReload(_ runtime: LiveRuntime) {}

    // MARK: Steps

    private func handle(_ outcome: CalibrationSession.Outcome) {
        guard let session else { return }
        switch outcome {
        case .next(let index):
            show(step: index, detail: index == CalibrationSession.measuredCount ? "Now the check point in the middle." : "")
        case .again(let index, let reason):
            say("again: \(reason)")
            show(step: index, detail: reason.prefix(1).uppercased() + reason.dropFirst() + ".")
        case .restart(let error):
            let missed = "The check point missed by \(String(cFormat: "%.1f", error)) px: once more, from the first crosshair."
            say("round \(session.round): \(missed)")
            show(step: 0, detail: missed)
        case .finished(let matrix, let error):
            finish(.success(Success(matrix: matrix, error: error, tolerance: session.tolerance)))
        case .failed(let error):
            finish(.failure(.notVerified(error: error, tolerance: session.tolerance)))
        }
    }

    /// Shows crosshair `index` and prints where it is, in UI points and on the display (where a
    /// touchscreen that needs no calibration would report it).
    private func show(step index: Int, detail: String, announce: Bool = true) {
        guard let session else { return }
        let target = session.targets[index]
        view.target = target
        let total = CalibrationSession.targetFractions.count
        view.instructions.text = "Touch the centre of the crosshair (\(index + 1) of \(total))"
        view.detail.text = detail
        let onDisplay = runtime.options.rotation.bufferPoint(forLogicalPoint: target, bufferWidth: session.bufferWidth,
                                                             bufferHeight: session.bufferHeight)
        guard announce else { return }
        say("crosshair \(index + 1) of \(total) at \(Self.format(target)) (display \(Self.format(onDisplay)))")
    }

    private func armTimeout() {
        if let timer { runtime.loop.cancelTimer(timer) }
        do {
            timer = try runtime.loop.addTimer(after: timeout) { [unowned self] in
                self.finish(.failure(self.session == nil ? .noDisplay(seconds: self.timeout) : .timedOut(seconds: self.timeout)))
            }
        } catch {
            // Without its timer the run could wait for ever: it ends instead.
            timer = nil
            finish(.failure(.noTimer(reason: "\(error)")))
        }
    }

    private func finish(_ result: Result<Success, Failure>) {
        guard self.result == nil else { return }
        self.result = result
        if let timer { runtime.loop.cancelTimer(timer) }
        runtime.loop.stop()
    }

    static func format(_ point: Point) -> String {
        String(cFormat: "%.1f,%.1f", point.x, point.y)
    }
}
