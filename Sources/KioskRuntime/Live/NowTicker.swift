import KioskExpression
import KioskPlatform

/// Makes `now` move, as finely as the panel shown needs and no finer: one timer, armed for the
/// next wall-clock boundary of the finest granularity its bindings read (the next minute for
/// `time(now, 'short')`, the next second for `'medium'`, the next midnight for a date). When it
/// fires, the bindings whose boundary passed are evaluated at the next frame, and the timer is
/// armed again. A panel that does not read `now` arms nothing, so an idle kiosk sleeps.
///
/// What ticks: the bindings of the panel shown, and the bindings they read (on whatever panel),
/// so a label showing another panel's clock text moves too. The bindings of the other panels stand
/// still and are brought up to date the moment their panel is shown. State and sources hold values,
/// not formulas: nothing of theirs ticks. Actions read `now` when they run.
final class NowTicker {
    /// The timer fires this long after the boundary, so that the wall clock, read by the formula,
    /// is past it even when the scheduler's clock and the wall clock round differently.
    static let margin = 0.001

    private let scheduler: any Scheduler
    private weak var host: PanelHost?
    private var armed: (timer: TimerID, boundary: Double)?

    init(host: PanelHost, scheduler: any Scheduler) {
        self.host = host
        self.scheduler = scheduler
        host.bindings.onClockNeedChange = { [weak self] in self?.update() }
        update()
    }

    isolated deinit {
        if let armed { scheduler.cancelTimer(armed.timer) }
    }

    /// The boundary the armed timer waits for (wall-clock seconds), nil when none is armed.
    var nextTick: Double? { armed?.boundary }

    /// Arms the timer for what the panel shown needs now, or disarms it.
    func update() {
        guard let host, let granularity = host.bindings.clockGranularity else {
            stop()
            return
        }
        let clock = host.live.clock
        let now = clock.now()
        let boundary = ClockBoundary.next(after: now, granularity: granularity, timeZone: clock.timeZone)
        if let armed, armed.boundary == boundary, scheduler.isTimerArmed(armed.timer) { return }
        stop()
        do {
            let timer = try scheduler.addTimer(after: boundary - now + Self.margin) { [weak self] in self?.fire(at: boundary) }
            armed = (timer, boundary)
        } catch {
            host.log("now: the clock timer could not be armed (\(error)); times on screen stand still")
        }
    }

    func stop() {
        if let armed { scheduler.cancelTimer(armed.timer) }
        armed = nil
    }

    private func fire(at boundary: Double) {
        armed = nil
        guard let host else { return }
        let now = host.live.clock.now()
        // Early by the wall clock (it was set back, or ran slow): wait for the boundary itself.
        if now >= boundary { host.bindings.clockTicked(at: now) }
        update()
    }
}
