import CSeat
import Glibc

/// Access to the display and input devices of the seat.
///
/// Through libseat (seatd or logind), an unprivileged kiosk gets device descriptors it could not
/// open itself, and learns when the seat is taken away (a VT switch) and given back. Without a
/// seat backend it falls back to opening devices directly, which works for root or for a user in
/// the devices' groups; the seat is then always active.
public final class SeatSession {
    public enum Access: Equatable, Sendable {
        /// Devices come from libseat on the named seat.
        case seat(name: String)
        /// Devices are opened with `open(2)`; there are no VT switch notifications.
        case direct
    }

    public enum Preference: Sendable {
        /// libseat when a backend answers, else direct access.
        case automatic
        /// libseat only; fail when no backend answers.
        case seatOnly
        /// Direct access only (root, headless tests, or a board without VTs).
        case directOnly
    }

    public private(set) var access: Access
    /// False between a disable (VT switched away) and the next enable: devices must not be used.
    public private(set) var isActive: Bool
    /// The libseat connection, to be watched for readability; nil with direct access.
    public var descriptor: Int32? {
        guard let seat else { return nil }
        let fd = libseat_get_fd(seat)
        return fd >= 0 ? fd : nil
    }

    private var seat: OpaquePointer?
    private let listener: UnsafeMutablePointer<libseat_seat_listener>
    private let onEnable: () -> Void
    private let onDisable: () -> Void
    /// Open devices: descriptor → libseat device id (nil for directly opened ones).
    private var devices: [Int32: Int32?] = [:]

    /// Opens the seat. `onEnable` runs when the seat becomes usable (again): resume input, restore
    /// the display. `onDisable` runs when it is being taken away: stop touching devices, then
    /// call `acknowledgeDisable()`.
    public init(preference: Preference = .automatic, onEnable: @escaping () -> Void, onDisable: @escaping () -> Void,
                logger: Logger = .discarding) throws(SeatError)
    {
        self.onEnable = onEnable
        self.onDisable = onDisable
        listener = .allocate(capacity: 1)
        listener.initialize(to: libseat_seat_listener(enable_seat: seatEnabledCallback, disable_seat: seatDisabledCallback))
        access = .direct
        isActive = true
        guard preference != .directOnly else { return }

        isActive = false
        SeatLog.route(to: logger)
        // The seat may enable during the call, so `self` must be complete before it.
        var opened: OpaquePointer?
        for backend in Self.backendsToTry() {
            opened = Self.withBackend(backend) { libseat_open_seat(listener, Unmanaged.passUnretained(self).toOpaque()) }
            if opened != nil { break }
        }
        guard let opened else {
            let code = errno
            guard preference == .automatic else {
                // deinit frees the listener: the object is complete, so it runs on this throw too.
                throw SeatError(operation: "open seat", code: code,
                                hint: "no seat backend answered; start seatd or run the kiosk in a logind session (PAMName= in kiosk.service)")
            }
            if getenv("XDG_SESSION_ID") != nil {
                // In a logind session that refused: the usual cause on a minimal system.
                logger.warning("the logind session refused the seat (\(String(cString: strerror(code)))): libseat asks "
                    + "logind to activate the session, which polkit must allow; install polkitd. Opening devices directly")
            } else {
                logger.info("no seat backend (\(String(cString: strerror(code)))); opening devices directly")
            }
            access = .direct
            isActive = true
            return
        }
        seat = opened
        let name = String(cString: libseat_seat_name(opened))
        access = .seat(name: name)
        // The no-op backend (LIBSEAT_BACKEND=noop, for boards without VTs) never sends enable:
        // its seat is always active.
        if name == "noop" { isActive = true }
        // Some backends enable only after a dispatch; do not wait for it here: the runtime's loop
        // delivers it through handleReadable().
        _ = libseat_dispatch(opened, 0)
    }

    // Isolated: the libseat handle is main-actor state, released where it is used.
    isolated deinit {
        for (fd, deviceID) in devices {
            if let seat, let deviceID { _ = libseat_close_device(seat, deviceID) }
            close(fd)
        }
        if let seat { _ = libseat_close_seat(seat) }
        listener.deallocate()
    }

    /// Dispatches pending seat events (call when `descriptor` is readable).
    public func handleReadable() throws(SeatError) {
        guard let seat else { return }
        if libseat_dispatch(seat, 0) < 0 {
            throw SeatError(operation: "seat dispatch", code: errno, hint: "the seat daemon went away; restart the kiosk")
        }
    }

    /// Confirms a disable: the runtime has stopped using its devices.
    public func acknowledgeDisable() {
        guard let seat else { return }
        _ = libseat_disable_seat(seat)
    }

    /// Opens a device node (a DRM card, an evdev node) read-write, non-blocking, close-on-exec.
    public func openDevice(atPath path: String) throws(SeatError) -> Int32 {
        guard let seat else {
            let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            guard fd >= 0 else {
                let code = errno
                throw SeatError.directOpen(path: path, code: code, groupName: Self.owningGroupName(of: path))
            }
            devices[fd] = .some(nil)
            return fd
        }
        var fd: Int32 = -1
        let deviceID = libseat_open_device(seat, path, &fd)
        guard deviceID >= 0, fd >= 0 else {
            let code = errno
            // libseat's logind backend leaves errno as it found it; its own reason is logged (SeatLog).
            let hint = isActive ? "the seat refused it (libseat's reason is logged just before)"
                : "the seat is not active (switched to another VT); it will be reopened on return"
            throw SeatError(operation: "open", path: path, code: code, hint: hint)
        }
        devices[fd] = deviceID
        return fd
    }

    /// Closes a descriptor returned by `openDevice(atPath:)`.
    public func closeDevice(_ fd: Int32) {
        guard let entry = devices.removeValue(forKey: fd) else { return }
        if let seat, let deviceID = entry { _ = libseat_close_device(seat, deviceID) }
        close(fd)
    }

    public var openDeviceCount: Int { devices.count }

    /// Switches to another session (VT number on VT-bound seats), e.g. for a service console key.
    public func switchSession(to session: Int) throws(SeatError) {
        guard let seat else {
            throw SeatError(operation: "switch session", code: ENOTSUP, hint: "needs a seat backend (seatd or logind)")
        }
        guard libseat_switch_session(seat, Int32(session)) == 0 else {
            throw SeatError(operation: "switch to session \(session)", code: errno)
        }
    }

    fileprivate func seatEnabled() {
        isActive = true
        onEnable()
    }

    fileprivate func seatDisabled() {
        isActive = false
        onDisable()
    }

    /// The libseat backends to try, in order; nil lets libseat choose (LIBSEAT_BACKEND as set).
    ///
    /// Without a choice in the environment: seatd, then logind, then, for root only, the seatd
    /// built into libseat. An unprivileged process gets nothing from the built-in one (it can
    /// neither open devices nor take the VT, so its seat would never become active), and must
    /// fall back to direct access with a clear error instead of waiting forever.
    static func backendsToTry() -> [String?] {
        if getenv("LIBSEAT_BACKEND") != nil { return [nil] }
        return ["seatd", "logind"] + (geteuid() == 0 ? ["builtin"] : [])
    }

    /// Runs `body` with LIBSEAT_BACKEND set to `backend` (libseat reads it when opening a seat),
    /// then puts the environment back. The kiosk is single-threaded, so no one else reads it meanwhile.
    private static func withBackend<T>(_ backend: String?, _ body: () -> T) -> T {
        guard let backend else { return body() }
        setenv("LIBSEAT_BACKEND", backend, 1)
        defer { unsetenv("LIBSEAT_BACKEND") }
        return body()
    }

    static func owningGroupName(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, let group = getgrgid(info.st_gid), let name = group.pointee.gr_name else { return nil }
        return String(cString: name)
    }
}

// libseat calls back from inside libseat_open_seat or libseat_dispatch, both called on the main actor.
private let seatEnabledCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, userdata in
    guard let userdata else { return }
    let session = Unmanaged<SeatSession>.fromOpaque(userdata).takeUnretainedValue()
    MainActor.assumeIsolated { session.seatEnabled() }
}

private let seatDisabledCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, userdata in
    guard let userdata else { return }
    let session = Unmanaged<SeatSession>.fromOpaque(userdata).takeUnretainedValue()
    MainActor.assumeIsolated { session.seatDisabled() }
}
