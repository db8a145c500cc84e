import KioskConfig
import KioskPlatform

/// The timers of a kiosk's panels, all on its `Scheduler`:
/// - a timer an `after` or `every` action starts belongs to the kiosk, not to the panel whose action
///   started it: it runs until it fires (`after`), is cancelled, or is replaced, whichever panel is
///   shown (a "return home in 60 s" started on one panel still returns from the next);
/// - a timer of a panel's `timers:` runs while that panel is shown: it starts each time the panel
///   becomes the current one and stops the moment another panel does, so it never fires elsewhere.
///
/// Ids are one namespace: a timer started under the id of a running one replaces it (a restart),
/// and `cancel` stops whichever timer runs under the id. Their actions are handed to `fire` (the
/// host's action queue) with no event value.
final class PanelTimers {
    private struct Running {
        var id: String?
        var timer: TimerID
        var repeats: Bool
    }

    private let scheduler: any Scheduler
    /// Keyed by a number of our own, never reused, so that a stale key finds nothing.
    private var running: [Int: Running] = [:]
    private var named: [String: Int] = [:]
    private var nextKey = 0
    /// The panel shown, with its timers as written and the key each one started as (nil when it
    /// could not start).
    private var shownPanel: String?
    private var panelSlots: [(spec: TimerSpec, key: Int?)] = []
    /// Set when a timer was refused at the limit, so that a runaway `every` logs once, not per tick.
    private var refusedAtLimit = false

    /// Runs a timer's actions.
    var fire: ([ActionSpec]) -> Void = { _ in }
    var log: (String) -> Void = { _ in }

    init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    isolated deinit {
        for entry in running.values { scheduler.cancelTimer(entry.timer) }
    }

    /// Timers running now: armed and not yet fired (an `after`) or cancelled.
    var count: Int { running.count }

    func isRunning(_ id: String) -> Bool { named[id] != nil }

    // MARK: Actions

    /// Starts a timer for an `after` or `every` action; with an id, the timer running under it stops first.
    func startActionTimer(id: String?, schedule: TimerSpec.Schedule, actions: [ActionSpec]) {
        _ = start(id: id, schedule: schedule, actions: actions)
    }

    /// Stops the timer running under `id`; false when none does (it fired, or was never started).
    @discardableResult
    func cancel(_ id: String) -> Bool {
        guard let key = named[id] else { return false }
        stop(key)
        return true
    }

    // MARK: Panels

    /// `panel` became the current panel: the previous panel's timers stop and this one's start.
    func show(_ panel: PanelSpec) {
        stopShownPanel()
        shownPanel = panel.id
        panelSlots = panel.timers.map { ($0, startPanelTimer($0)) }
    }

    /// A reload kept the panel shown: its timers written the same way keep running (or stay done),
    /// the others start afresh or stop.
    func reload(_ panel: PanelSpec) {
        guard panel.id == shownPanel else { return }
        let match = PanelTimerMatch(old: panelSlots.map(\.spec), new: panel.timers)
        for index in match.stopped {
            if let key = panelSlots[index].key { stop(key) }
        }
        var slots: [(spec: TimerSpec, key: Int?)?] = Array(repeating: nil, count: panel.timers.count)
        for pair in match.kept { slots[pair.new] = panelSlots[pair.old] }
        for index in match.started { slots[index] = (panel.timers[index], startPanelTimer(panel.timers[index])) }
        panelSlots = slots.compactMap { $0 }
    }

    /// Stops every timer, the kiosk's and the panel's: the screen is being replaced, or the kiosk stops.
    func stopAll() {
        for key in Array(running.keys) { stop(key) }
        panelSlots = []
        shownPanel = nil
    }

    // MARK: Running

    private func startPanelTimer(_ spec: TimerSpec) -> Int? {
        start(id: spec.id, schedule: spec.schedule, actions: spec.actions)
    }

    private func stopShownPanel() {
        // A slot whose timer an action replaced under its id finds nothing: the action's runs on.
        for slot in panelSlots {
            if let key = slot.key { stop(key) }
        }
        panelSlots = []
        shownPanel = nil
    }

    private func start(id: String?, schedule: TimerSpec.Schedule, actions: [ActionSpec]) -> Int? {
        if let id { cancel(id) }
        let name = id.map { "timer '\($0)'" } ?? "a timer without an id"
        guard running.count < TimerLimits.maximumLiveTimers else {
            if !refusedAtLimit {
                log("\(name) not started: \(TimerLimits.maximumLiveTimers) timers are running, the most at once "
                    + "(an 'every' whose actions start timers without an id adds one each time it fires); "
                    + "logged once until a timer can start again")
                refusedAtLimit = true
            }
            return nil
        }
        // Held to the floors at run time too: actions from a script or the control socket come here.
        let (delay, interval): (Double, Double?) = switch schedule {
        case .after(let delay): (max(delay, TimerLimits.minimumDelay), nil)
        case .every(let interval): (max(interval, TimerLimits.minimumInterval), max(interval, TimerLimits.minimumInterval))
        }
        let key = nextKey
        nextKey += 1
        do {
            let timer = try scheduler.addTimer(after: delay, repeating: interval) { [weak self] in
                self?.fired(key, actions: actions)
            }
            running[key] = Running(id: id, timer: timer, repeats: interval != nil)
        } catch {
            log("\(name) not started: \(error)")
            return nil
        }
        if let id { named[id] = key }
        refusedAtLimit = false
        return key
    }

    private func fired(_ key: Int, actions: [ActionSpec]) {
        guard let entry = running[key] else { return }
        if !entry.repeats { forget(key) }
        fire(actions)
    }

    private func stop(_ key: Int) {
        guard let entry = running[key] else { return }
        scheduler.cancelTimer(entry.timer)
        forget(key)
    }

    private func forget(_ key: Int) {
        guard let entry = running.removeValue(forKey: key) else { return }
        if let id = entry.id, named[id] == key { named[id] = nil }
    }
}
