import KioskConfig

extension PanelHost {
    /// Timers running now: those actions started and those of the panel shown.
    public var runningTimerCount: Int { timers.count }

    /// Whether a timer runs under `id` (started and not yet fired, cancelled or replaced).
    public func isTimerRunning(_ id: String) -> Bool { timers.isRunning(id) }

    /// Stops every timer, the panel's and the actions': the screen is being replaced, or the kiosk stops.
    public func stopTimers() {
        timers.stopAll()
    }

    /// `after` and `every`: the timer belongs to the kiosk and outlives the panel that started it.
    func startTimer(id: String?, schedule: TimerSpec.Schedule, actions: [ActionSpec]) {
        timers.startActionTimer(id: id, schedule: schedule, actions: actions)
    }

    /// `cancel`: a timer that already fired, or never started, is nothing to stop.
    func cancelTimer(_ id: String) {
        timers.cancel(id)
    }

    /// Connects the timers to the host: what they fire goes through the action queue, with no
    /// event value (`$value` has nothing to stand for), as a tap's actions do.
    func attachTimers() {
        timers.fire = { [weak self] actions in self?.run(actions) }
        timers.log = { [weak self] message in self?.log(message) }
    }
}
