import KioskPlatform

/// A backlight level moving from one value to another over a time, linearly: where it is at any
/// moment. A pure value, so the fade is tested on any clock.
nonisolated struct BacklightRamp: Equatable, Sendable {
    var from: Double
    var to: Double
    var start: Double
    var duration: Double

    func level(at time: Double) -> Double {
        guard duration > 0, time < start + duration else { return to }
        let progress = max(0, time - start) / duration
        return from + (to - from) * progress
    }

    func isFinished(at time: Double) -> Bool {
        time >= start + duration
    }
}

/// Sets the backlight, either at once (idle dimming, blanking, waking) or as a fade (a new
/// `display.brightness`), in small steps on the scheduler. One timer, armed only while a fade runs,
/// so a steady backlight costs no wakeups.
final class BacklightFade {
    /// How long a change of brightness takes: slow enough not to startle, quick enough to follow a
    /// light sensor.
    static let duration = 0.5
    /// Steps per second while fading: the eye sees no steps at this rate on a backlight, and each
    /// step is a D-Bus call or a sysfs write.
    static let stepsPerSecond = 20.0

    private let scheduler: any Scheduler
    /// Sets a level (fraction of full); false when the backlight refused.
    private let apply: (Double) -> Bool
    private var ramp: BacklightRamp?
    private var timer: TimerID?
    /// The level last set, nil before the first.
    private(set) var level: Double?

    init(scheduler: any Scheduler, apply: @escaping (Double) -> Bool) {
        self.scheduler = scheduler
        self.apply = apply
    }

    isolated deinit {
        if let timer { scheduler.cancelTimer(timer) }
    }

    /// Whether a fade is running.
    var isFading: Bool { ramp != nil }

    /// Sets `target` now, ending any fade. False when the backlight refused.
    @discardableResult
    func jump(to target: Double) -> Bool {
        stop()
        level = target
        return apply(target)
    }

    /// Fades from the current level to `target` over `duration`; jumps when nothing was set yet.
    /// False when the backlight refused the first step.
    @discardableResult
    func fade(to target: Double) -> Bool {
        guard let level, level != target else { return level == target || jump(to: target) }
        stop()
        ramp = BacklightRamp(from: level, to: target, start: scheduler.now, duration: Self.duration)
        return step()
    }

    /// Ends a running fade where it is.
    func stop() {
        if let timer { scheduler.cancelTimer(timer) }
        timer = nil
        ramp = nil
    }

    @discardableResult
    private func step() -> Bool {
        guard let ramp else { return true }
        let now = scheduler.now
        let value = ramp.level(at: now)
        level = value
        guard apply(value) else {
            stop()
            return false
        }
        if ramp.isFinished(at: now) {
            self.ramp = nil
            timer = nil
            return true
        }
        timer = try? scheduler.addTimer(after: 1 / Self.stepsPerSecond) { [weak self] in
            self?.timer = nil
            self?.step()
        }
        if timer == nil { jump(to: ramp.to) }
        return true
    }
}
