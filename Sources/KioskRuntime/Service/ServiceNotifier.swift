import Glibc
import KioskPlatform

/// A notification systemd did not receive.
public struct ServiceNotificationError: Error, CustomStringConvertible {
    public let description: String
}

/// Tells systemd how the service is doing (`Type=notify`): ready, status lines, reloading,
/// stopping, and watchdog keep-alives, each a datagram on the socket `NOTIFY_SOCKET` names
/// (`NotifySocket`). Outside systemd (no `NOTIFY_SOCKET`) every call is a cheap no-op, so the
/// runtime calls it unconditionally. A notification that cannot be sent throws; the caller
/// decides what that means for the kiosk (a failure must never stop it).
public final class ServiceNotifier {
    /// Half the `WatchdogSec=` of the unit, or nil when no watchdog is armed for this process.
    /// The runtime arms a timer with this interval and calls `pingWatchdog()` from its frame loop
    /// only while the loop is healthy, so a hung loop stops the pings and systemd restarts it.
    public let watchdogPingInterval: Duration?
    /// Whether a service manager listens (`NOTIFY_SOCKET` was set at start).
    public var isSupervised: Bool { socketName != nil }
    private let socketName: String?

    public init() {
        socketName = getenv("NOTIFY_SOCKET").map { String(cString: $0) }
        watchdogPingInterval = Self.watchdogTimeout().map { .microseconds(Int64($0 / 2)) }
    }

    /// WATCHDOG_USEC, when systemd armed a watchdog for this very process: WATCHDOG_PID, when set,
    /// names it, so that a child that inherited the environment does not ping. This is what
    /// sd_watchdog_enabled(3) reads. Pinging at half the timeout is what it recommends: one late
    /// frame does not get the kiosk killed.
    private static func watchdogTimeout() -> UInt64? {
        guard let text = getenv("WATCHDOG_USEC").map({ String(cString: $0) }),
              let microseconds = UInt64(text), microseconds > 0,
              microseconds != UInt64.max else { return nil }  // systemd's "infinity": no watchdog
        if let pid = getenv("WATCHDOG_PID").map({ String(cString: $0) }), pid_t(pid) != getpid() { return nil }
        return microseconds
    }

    /// Start-up finished: the first frame is on screen (or the display is being waited for).
    public func notifyReady(status: String? = nil) throws(ServiceNotificationError) {
        try send(["READY=1"] + (status.map { ["STATUS=\($0)"] } ?? []))
    }

    /// A free-form line `systemctl status kiosk` shows ("showing panel home on HDMI-A-1").
    public func notifyStatus(_ status: String) throws(ServiceNotificationError) {
        try send(["STATUS=\(status)"])
    }

    /// A SIGHUP reload started; call `notifyReady()` when the new config is live (or rejected).
    public func notifyReloading() throws(ServiceNotificationError) {
        let microseconds = UInt64(MonotonicClock.now() * 1_000_000)
        try send(["RELOADING=1", "MONOTONIC_USEC=\(microseconds)"])
    }

    /// Shutdown started; systemd stops expecting watchdog pings.
    public func notifyStopping() throws(ServiceNotificationError) {
        try send(["STOPPING=1"])
    }

    /// Keeps the watchdog from restarting the service. Call only when the loop is making progress.
    public func pingWatchdog() throws(ServiceNotificationError) {
        guard watchdogPingInterval != nil else { return }
        try send(["WATCHDOG=1"])
    }

    /// The runtime is broken beyond recovery: ask systemd to act on the watchdog now.
    public func reportWatchdogFailure() throws(ServiceNotificationError) {
        try send(["WATCHDOG=trigger"])
    }

    private func send(_ assignments: [String]) throws(ServiceNotificationError) {
        guard let socketName else { return }
        do {
            try NotifySocket.send(assignments.concatenated(separator: "\n"), to: socketName)
        } catch {
            throw ServiceNotificationError(description: "systemd did not receive \(assignments.first ?? "a notification") "
                                           + "(\(error))")
        }
    }
}
