import KioskConfig
import KioskExpression
import KioskPlatform

/// Keeps the backlight at what `display.brightness` says: a fixed level, or a formula evaluated
/// like a bound property — again when a state variable, source or widget it reads changes, and at
/// each boundary of the clock it reads (`hour(now)`: every minute), never by polling. The idle
/// behaviour fades to each new level and dims relative to it.
///
/// A formula that fails (a source not yet fetched) leaves the level where it was; the problem is
/// logged once, and again only when it changes.
final class BrightnessBinding {
    private weak var host: PanelHost?
    private weak var idle: IdleBehaviour?
    private let scheduler: any Scheduler
    private var spec: BrightnessSpec
    /// The names the formula reads (`state.night`, `lux`), roots only; `now` apart.
    private var inputs: Set<String> = []
    private var clockTimer: TimerID?
    /// Changes are gathered and evaluated once, just after the change that came first.
    private var evaluationTimer: TimerID?
    private var loggedProblem: String?

    init(spec: BrightnessSpec, host: PanelHost, idle: IdleBehaviour, scheduler: any Scheduler) {
        self.spec = spec
        self.host = host
        self.idle = idle
        self.scheduler = scheduler
        let previousChange = host.live.onChange
        host.live.onChange = { [weak self] name in
            previousChange?(name)
            self?.inputChanged(name.root)
        }
        let previousWidgetEvent = host.onWidgetEvent
        host.onWidgetEvent = { [weak self] event, widget, value in
            previousWidgetEvent?(event, widget, value)
            if let widget { self?.inputChanged(widget) }
        }
        readInputs()
        evaluate()
    }

    isolated deinit {
        if let clockTimer { scheduler.cancelTimer(clockTimer) }
        if let evaluationTimer { scheduler.cancelTimer(evaluationTimer) }
    }

    /// A reload's `display.brightness`.
    func update(_ newSpec: BrightnessSpec) {
        guard newSpec != spec else { return }
        spec = newSpec
        loggedProblem = nil
        readInputs()
        evaluate()
    }

    /// Disarms the timers: the kiosk stops or its screen is replaced.
    func stop() {
        if let clockTimer { scheduler.cancelTimer(clockTimer) }
        if let evaluationTimer { scheduler.cancelTimer(evaluationTimer) }
        clockTimer = nil
        evaluationTimer = nil
    }

    private func readInputs() {
        guard case .formula(let formula) = spec else {
            inputs = []
            return
        }
        inputs = Set(formula.formula.references.compactMap(\.path.first).filter { $0 != "now" })
    }

    private func inputChanged(_ root: String) {
        guard inputs.contains(root), evaluationTimer == nil else { return }
        evaluationTimer = try? scheduler.addTimer(after: 0) { [weak self] in
            self?.evaluationTimer = nil
            self?.evaluate()
        }
        if evaluationTimer == nil { evaluate() }
    }

    private func evaluate() {
        guard let host, let idle else { return }
        switch spec {
        case .level(let level):
            idle.setBrightness(level)
        case .formula(let formula):
            switch host.evaluate(formula.formula) {
            case .success(.number(let level)) where level.isFinite:
                loggedProblem = nil
                idle.setBrightness(min(max(level, 0), 1))
            case .success(let other):
                report("\(formula.location): display.brightness: expected a number from 0 to 1, found \(other.typeName); "
                       + "the brightness stays at \(idle.brightness.compact)", host: host)
            case .failure(let error):
                report("\(formula.location(of: error.span)): display.brightness: \(error.message); "
                       + "the brightness stays at \(idle.brightness.compact)", host: host)
            }
        }
        armClock()
    }

    /// The formula reads `now`: evaluate again when what it reads of the clock next changes.
    private func armClock() {
        if let clockTimer { scheduler.cancelTimer(clockTimer) }
        clockTimer = nil
        guard case .formula(let formula) = spec, let granularity = formula.formula.clock, let host else { return }
        let clock = host.live.clock
        let now = clock.now()
        let boundary = ClockBoundary.next(after: now, granularity: granularity, timeZone: clock.timeZone)
        clockTimer = try? scheduler.addTimer(after: boundary - now + NowTicker.margin) { [weak self] in
            self?.clockTimer = nil
            self?.evaluate()
        }
        if clockTimer == nil { host.log("display.brightness: the clock timer could not be armed; the brightness stands still") }
    }

    private func report(_ problem: String, host: PanelHost) {
        guard problem != loggedProblem else { return }
        loggedProblem = problem
        host.log(problem)
    }
}
