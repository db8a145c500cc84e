import KioskDRM

/// A display that can be switched off (DPMS) and comes back on with the next frame.
protocol PowerSwitchedDisplay: AnyObject {
    var isPoweredOff: Bool { get }
    func powerOff() throws
}

extension DRMDisplay: PowerSwitchedDisplay {}

/// What the frame loop is doing, as far as switching the display off is concerned.
struct FrameActivity: Equatable {
    /// A compositor is attached: the display is shown, not waited for.
    var isRendering: Bool
    var isFlipPending: Bool
    var isFrameScheduled: Bool
    /// Something changed on screen since the last frame.
    var needsFrame: Bool

    /// The frame on screen is the last one there is to show: no flip in flight, none coming, and
    /// nothing changed since.
    var isSettled: Bool { isRendering && !isFlipPending && !isFrameScheduled && !needsFrame }

    init(isRendering: Bool, isFlipPending: Bool, isFrameScheduled: Bool, needsFrame: Bool) {
        self.isRendering = isRendering
        self.isFlipPending = isFlipPending
        self.isFrameScheduled = isFrameScheduled
        self.needsFrame = needsFrame
    }

    init(_ frames: FrameLoop) {
        self.init(isRendering: frames.compositor != nil, isFlipPending: frames.isFlipPending,
                  isFrameScheduled: frames.isFrameScheduled, needsFrame: frames.compositor?.needsFrame ?? false)
    }
}

/// Idle blanking's last step: once the black frame is on screen, the display is switched off, and
/// it is kept off until input comes. Switching off earlier would leave the last panel on the
/// glass; a frame made while blank (the repaint after a VT switch back) switches the display on,
/// so it is switched off again once that frame is shown.
final class DisplayPowerSwitch {
    /// True from idle blanking until input wakes the screen.
    private(set) var keepsDisplayOff = false
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    /// Idle blanking: off now if the frame on screen is the last one, else once it is.
    func switchOffWhenSettled(_ display: (any PowerSwitchedDisplay)?, frames: FrameActivity) {
        keepsDisplayOff = true
        switchOffIfSettled(display, frames: frames)
    }

    /// Input came, before the display was switched off or after: it stays on, or comes back on with
    /// the next frame.
    func keepOn(_ display: (any PowerSwitchedDisplay)?) {
        keepsDisplayOff = false
        if display?.isPoweredOff == true { logger.info("display on: switched on by the next frame") }
    }

    /// A frame was presented: if it is the last one while blank, the display goes off.
    func framePresented(on display: (any PowerSwitchedDisplay)?, frames: FrameActivity) {
        switchOffIfSettled(display, frames: frames)
    }

    private func switchOffIfSettled(_ display: (any PowerSwitchedDisplay)?, frames: FrameActivity) {
        guard keepsDisplayOff, let display, !display.isPoweredOff, frames.isSettled else { return }
        do {
            try display.powerOff()
            logger.info("display off (idle)")
        } catch {
            keepsDisplayOff = false
            logger.warning("could not switch the display off; it stays on showing black: \(error)")
        }
    }
}
