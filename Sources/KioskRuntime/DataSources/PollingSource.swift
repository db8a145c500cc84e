import KioskPlatform

/// A source that fetches its value every `interval` seconds (a URL, a program): one attempt in
/// flight at a time, the next one an interval after the last began (or at once, if it took
/// longer), and further apart after failures (`Backoff`).
final class PollingSource: DataSource {
    typealias Attempt = (_ done: @escaping (SourceOutcome) -> Void) -> SourceAttempt?

    private let interval: Double
    private let scheduler: any Scheduler
    private let attempt: Attempt
    private let log: (String) -> Void
    private var report: ((SourceOutcome) -> Void)?
    private var timer: TimerID?
    private var inFlight: SourceAttempt?
    /// Identifies the attempt in flight, so a late or repeated completion is ignored.
    private var attemptNumber = 0
    private var isAttempting = false
    private var failures = 0

    /// `attempt` starts one fetch and calls `done` once when it ends (possibly at once); it
    /// returns what cancels it, if anything.
    init(interval: Double, scheduler: any Scheduler, log: @escaping (String) -> Void, attempt: @escaping Attempt) {
        self.interval = interval
        self.scheduler = scheduler
        self.log = log
        self.attempt = attempt
    }

    func start(report: @escaping (SourceOutcome) -> Void) {
        self.report = report
        schedule(at: scheduler.now)
    }

    func stop() {
        report = nil
        if let timer { scheduler.cancelTimer(timer) }
        timer = nil
        attemptNumber += 1
        isAttempting = false
        inFlight?.cancel()
        inFlight = nil
    }

    private func schedule(at deadline: Double) {
        do {
            timer = try scheduler.addTimer(at: deadline) { [weak self] in self?.begin() }
        } catch {
            log("cannot schedule a source: \(error)")
        }
    }

    private func begin() {
        timer = nil
        guard report != nil, !isAttempting else { return }
        attemptNumber += 1
        let number = attemptNumber
        let startedAt = scheduler.now
        isAttempting = true
        let handle = attempt { [weak self] outcome in
            self?.finish(number, outcome, startedAt: startedAt)
        }
        if isAttempting, number == attemptNumber { inFlight = handle }
    }

    private func finish(_ number: Int, _ outcome: SourceOutcome, startedAt: Double) {
        guard number == attemptNumber, isAttempting, let report else { return }
        isAttempting = false
        inFlight = nil
        if case .failure = outcome { failures += 1 } else { failures = 0 }
        report(outcome)
        guard self.report != nil else { return }
        let delay = Backoff.delay(interval: interval, failures: failures)
        schedule(at: max(scheduler.now, startedAt + delay))
    }
}
