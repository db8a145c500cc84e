import KioskPlatform
/// What the live runtime tells systemd, and when: READY=1 once the first frame is on screen (or
/// once it is clear the display has to be waited for), STATUS lines as the display comes and goes,
/// watchdog pings from a loop timer only while the frame loop is healthy, and STOPPING=1 at exit.
/// A notification systemd does not receive is logged, with what it costs when that is more than a
/// stale status line; the kiosk runs on.
public final class ServiceLifecycle {
    public let notifier: ServiceNotifier
    private let logger: Logger
    public private(set) var hasNotifiedReady = false
    private var watchdogTimer: TimerID?
    private weak var loop: EventLoop?
    private var isHealthy: (() -> Bool)?

    public init(notifier: ServiceNotifier, logger: Logger = .discarding) {
        self.notifier = notifier
        self.logger = logger
    }

    /// What is on screen ("panel home"), for STATUS; `systemctl status` shows it.
    public var content: String? {
        didSet {
            guard content != oldValue, hasNotifiedReady, !isPaused, let output else { return }
            send { try notifier.notifyStatus(status(on: output)) }
        }
    }
    private var output: String?
    private var isPaused = false
    /// The status systemd has from the last frame notice, so every later frame repeats nothing.
    private var lastStatus: String?

    private func status(on output: String) -> String {
        content.map { "showing \($0) on \(output)" } ?? "showing on \(output)"
    }

    /// The first frame completed on `output` ("Virtual-1 1280x800@75"): the service is ready, or,
    /// when it was made ready while waiting for a display or the seat, its status says so.
    public func framePresented(on output: String) {
        self.output = output
        let status = status(on: output)
        if !hasNotifiedReady || status != lastStatus { announce(status) }
        lastStatus = status
    }

    /// Started without a display: ready anyway (systemd must not time out the start), and saying why.
    public func waitingForDisplay() {
        announce("waiting for a display")
    }

    /// READY=1 with the first status the service has, STATUS= alone after that.
    private func announce(_ status: String) {
        if hasNotifiedReady {
            send { try notifier.notifyStatus(status) }
        } else {
            hasNotifiedReady = true
            send({ try notifier.notifyReady(status: status) }, loss: Self.readyLoss)
        }
    }

    /// Started while another session has the seat (another VT is in front): ready, and saying so.
    public func waitingForSeat() {
        announce("waiting for the seat (another session is in front)")
    }

    /// Switched away to another VT.
    public func sessionPaused() {
        isPaused = true
        send { try notifier.notifyStatus("paused: another session has the display") }
    }

    /// Back on the kiosk's VT: the status says what is shown again.
    public func sessionResumed() {
        isPaused = false
        guard hasNotifiedReady, let output else { return }
        send { try notifier.notifyStatus(status(on: output)) }
    }

    public func displayDisconnected(_ connector: String) {
        send { try notifier.notifyStatus("display \(connector) disconnected; waiting for it to return") }
    }

    /// SIGHUP: RELOADING=1 around `reload`, then READY=1 again (reload rejected or applied alike:
    /// the kiosk keeps running either way).
    public func reloading(_ reload: () -> Void) {
        send { try notifier.notifyReloading() }
        reload()
        send({ try notifier.notifyReady() }, loss: Self.readyLoss)
    }

    /// Arms a repeating timer at the notifier's ping interval, when the unit has a watchdog; each
    /// tick pings only if `isHealthy()` says frames still complete.
    public func armWatchdog(on loop: EventLoop, isHealthy: @escaping () -> Bool) throws {
        guard let interval = notifier.watchdogPingInterval else { return }
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        self.loop = loop
        self.isHealthy = isHealthy
        watchdogTimer = try loop.addTimer(after: seconds, repeating: seconds) { [weak self] in
            if isHealthy() { self?.pingWatchdog() }
        }
    }

    /// Long work on the loop (a reload of a large config) made progress: ping between its steps, so
    /// that the watchdog, which expects a ping per half timeout, does not take it for a hang. Only
    /// while the frame loop is healthy, as the timer's pings.
    public func workMadeProgress() {
        guard watchdogTimer != nil, isHealthy?() ?? true else { return }
        pingWatchdog()
    }

    private func pingWatchdog() {
        send({ try notifier.pingWatchdog() }, loss: Self.pingLoss)
    }

    /// Shutdown begins: no more pings, and systemd knows the exit is intended.
    public func stopping() {
        if let watchdogTimer { loop?.cancelTimer(watchdogTimer) }
        watchdogTimer = nil
        send { try notifier.notifyStopping() }
    }

    /// Sends one notification; `loss` says what it costs the kiosk when systemd does not receive it.
    private func send(_ notification: () throws -> Void, loss: String? = nil) {
        do {
            try notification()
        } catch {
            if let loss { logger.error("\(error): \(loss)") } else { logger.warning("\(error)") }
        }
    }

    private static let readyLoss = "unless a later READY=1 arrives, systemd stops the kiosk when the unit's start timeout ends"
    private static let pingLoss = "systemd restarts the kiosk if no ping arrives within the unit's WatchdogSec"
}
