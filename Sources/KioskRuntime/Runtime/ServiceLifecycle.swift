import KioskPlatform
/// What the live runtime tells systemd, and when: READY=1 once the first frame is on screen (or
/// once it is clear the display has to be waited for), STATUS lines as the display comes and goes,
/// watchdog pings from a loop timer only while the frame loop is healthy, and STOPPING=1 at exit.
public final class ServiceLifecycle {
    public let notifier: ServiceNotifier
    public private(set) var hasNotifiedReady = false
    private var watchdogTimer: TimerID?
    private weak var loop: EventLoop?
    private var isHealthy: (() -> Bool)?

    public init(notifier: ServiceNotifier) {
        self.notifier = notifier
    }

    /// What is on screen ("panel home"), for STATUS; `systemctl status` shows it.
    public var content: String? {
        didSet {
            guard content != oldValue, hasNotifiedReady, !isPaused, let output else { return }
            notifier.notifyStatus(status(on: output))
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
            notifier.notifyStatus(status)
        } else {
            hasNotifiedReady = true
            notifier.notifyReady(status: status)
        }
    }

    /// Started while another session has the seat (another VT is in front): ready, and saying so.
    public func waitingForSeat() {
        announce("waiting for the seat (another session is in front)")
    }

    /// Switched away to another VT.
    public func sessionPaused() {
        isPaused = true
        notifier.notifyStatus("paused: another session has the display")
    }

    /// Back on the kiosk's VT: the status says what is shown again.
    public func sessionResumed() {
        isPaused = false
        guard hasNotifiedReady, let output else { return }
        notifier.notifyStatus(status(on: output))
    }

    public func displayDisconnected(_ connector: String) {
        notifier.notifyStatus("display \(connector) disconnected; waiting for it to return")
    }

    /// SIGHUP: RELOADING=1 around `reload`, then READY=1 again (reload rejected or applied alike:
    /// the kiosk keeps running either way).
    public func reloading(_ reload: () -> Void) {
        notifier.notifyReloading()
        reload()
        notifier.notifyReady()
    }

    /// Arms a repeating timer at the notifier's ping interval, when the unit has a watchdog; each
    /// tick pings only if `isHealthy()` says frames still complete.
    public func armWatchdog(on loop: EventLoop, isHealthy: @escaping () -> Bool) throws {
        guard let interval = notifier.watchdogPingInterval else { return }
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        self.loop = loop
        self.isHealthy = isHealthy
        watchdogTimer = try loop.addTimer(after: seconds, repeating: seconds) { [notifier] in
            if isHealthy() { notifier.pingWatchdog() }
        }
    }

    /// Long work on the loop (a reload of a large config) made progress: ping between its steps, so
    /// that the watchdog, which expects a ping per half timeout, does not take it for a hang. Only
    /// while the frame loop is healthy, as the timer's pings.
    public func workMadeProgress() {
        guard watchdogTimer != nil, isHealthy?() ?? true else { return }
        notifier.pingWatchdog()
    }

    /// Shutdown begins: no more pings, and systemd knows the exit is intended.
    public func stopping() {
        if let watchdogTimer { loop?.cancelTimer(watchdogTimer) }
        watchdogTimer = nil
        notifier.notifyStopping()
    }
}
