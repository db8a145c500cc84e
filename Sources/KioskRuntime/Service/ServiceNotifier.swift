import CSystemd
import Glibc
import KioskPlatform

/// Tells systemd how the service is doing (`Type=notify`): ready, status lines, reloading,
/// stopping, and watchdog keep-alives. Outside systemd (no `NOTIFY_SOCKET`) every call is a
/// cheap no-op, so the runtime calls it unconditionally.
public final class ServiceNotifier {
    /// Half the `WatchdogSec=` of the unit, or nil when no watchdog is armed for this process.
    /// The runtime arms a timer with this interval and calls `pingWatchdog()` from its frame loop
    /// only while the loop is healthy, so a hung loop stops the pings and systemd restarts it.
    public let watchdogPingInterval: Duration?
    /// Whether a service manager listens (`NOTIFY_SOCKET` was set at start).
    public let isSupervised: Bool

    public private(set) var lastError: String?

    public init() {
        isSupervised = getenv("NOTIFY_SOCKET") != nil
        var microseconds: UInt64 = 0
        // Checks WATCHDOG_PID as well, so a child that inherited the environment does not ping.
        if sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 {
            // Pinging at half the timeout is what sd_watchdog_enabled(3) recommends: one late
            // frame does not get the kiosk killed.
            watchdogPingInterval = .microseconds(Int64(microseconds / 2))
        } else {
            watchdogPingInterval = nil
        }
    }

    /// Start-up finished: the first frame is on screen (or the display is being waited for).
    public func notifyReady(status: String? = nil) {
        send(["READY=1"] + (status.map { ["STATUS=\($0)"] } ?? []))
    }

    /// A free-form line `systemctl status kiosk` shows ("showing panel home on HDMI-A-1").
    public func notifyStatus(_ status: String) {
        send(["STATUS=\(status)"])
    }

    /// A SIGHUP reload started; call `notifyReady()` when the new config is live (or rejected).
    public func notifyReloading() {
        let microseconds = UInt64(MonotonicClock.now() * 1_000_000)
        send(["RELOADING=1", "MONOTONIC_USEC=\(microseconds)"])
    }

    /// Shutdown started; systemd stops expecting watchdog pings.
    public func notifyStopping() {
        send(["STOPPING=1"])
    }

    /// Keeps the watchdog from restarting the service. Call only when the loop is making progress.
    public func pingWatchdog() {
        guard watchdogPingInterval != nil else { return }
        send(["WATCHDOG=1"])
    }

    /// The runtime is broken beyond recovery: ask systemd to act on the watchdog now.
    public func reportWatchdogFailure() {
        send(["WATCHDOG=trigger"])
    }

    private func send(_ assignments: [String]) {
        guard isSupervised else { return }
        let state = assignments.joined(separator: "\n")
        let result = sd_notify(0, state)
        if result < 0 {
            // Reported once through lastError; a failing notify must never stop the kiosk.
            lastError = "sd_notify(\(assignments.first ?? "")) failed: \(String(cString: strerror(-result)))"
        }
    }
}
