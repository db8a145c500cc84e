import CSystemd
import Glibc
import KioskPlatform

/// Why the system bus cannot be used; the text goes into the backlight's reasons.
nonisolated struct SystemBusError: Error, CustomStringConvertible {
    var description: String
}

/// A connection to the D-Bus system bus, driven by the kiosk's loop: its socket is watched for what
/// sd-bus waits for, and a timer wakes it for its own deadlines (a call's timeout). A call starts and
/// returns at once, and its reply arrives from the loop: a logind or dbus-daemon that is slow or hung
/// costs the frame loop nothing. (`sd_bus_call` waits 25 s for a reply, and 90 s on a bus that
/// takes the connection but never finishes authenticating it: far past the service's 10 s watchdog.)
final class SystemBus {
    /// Where the system bus listens unless `DBUS_SYSTEM_BUS_ADDRESS` says otherwise, as sd-bus has it.
    static let defaultAddress = "unix:path=/run/dbus/system_bus_socket"

    let handle: OpaquePointer
    private let scheduler: any Scheduler
    private var watch: EventSourceID?
    private var watchedEvents: Int32 = 0
    private var timer: TimerID?
    private var timerDeadline = UInt64.max
    /// Why the connection ended; nothing is started on it after that.
    private(set) var failure: String?
    /// Told once, when the connection ends (a call in flight may then never hear its reply).
    var onFailure: ((String) -> Void)?

    /// The system bus's address from the environment, else the default.
    static var systemAddress: String {
        getenv("DBUS_SYSTEM_BUS_ADDRESS").map { String(cString: $0) } ?? defaultAddress
    }

    /// Connects to `address` without waiting for the bus's answer (the authentication and the Hello
    /// go on in the loop). Throws when not even the connection can be made (no bus there).
    init(address: String, scheduler: any Scheduler) throws(SystemBusError) {
        var bus: OpaquePointer?
        var result = sd_bus_new(&bus)
        guard result >= 0, let bus else { throw SystemBusError(description: "no D-Bus connection: \(Self.describe(result))") }
        result = sd_bus_set_address(bus, address)
        if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
        if result >= 0 { result = sd_bus_start(bus) }
        guard result >= 0 else {
            _ = sd_bus_close_unref(bus)
            throw SystemBusError(description: "no system bus at \(address) (\(Self.describe(result)))")
        }
        handle = bus
        self.scheduler = scheduler
        update()
    }

    isolated deinit {
        stopWatching()
        // Closed without flushing: a flush would wait for a bus that does not read.
        _ = sd_bus_close_unref(handle)
    }

    /// Watches what sd-bus now waits for; call it after starting a call, which queues output.
    func update() {
        guard failure == nil else { return }
        let descriptor = sd_bus_get_fd(handle)
        let events = sd_bus_get_events(handle)
        guard descriptor >= 0, events >= 0 else {
            fail(Self.describe(descriptor < 0 ? descriptor : events))
            return
        }
        let readable = events & Int32(POLLIN) != 0, writable = events & Int32(POLLOUT) != 0
        do {
            if let watch {
                if events != watchedEvents { try scheduler.setInterest(watch, readable: readable, writable: writable) }
            } else {
                watch = try scheduler.addDescriptor(fileDescriptor: descriptor, readable: readable, writable: writable) {
                    [unowned self] _, _ in process()
                }
            }
            watchedEvents = events
        } catch {
            fail("the loop cannot watch the bus: \(error)")
            return
        }
        var deadline = UInt64.max
        if sd_bus_get_timeout(handle, &deadline) < 0 { deadline = .max }
        armTimer(at: deadline)
    }

    /// Lets sd-bus read, write and run the callbacks of the replies that came (or timed out).
    private func process() {
        while failure == nil {
            let result = sd_bus_process(handle, nil)
            if result < 0 {
                fail(Self.describe(result))
                return
            }
            if result == 0 { break }
        }
        update()
    }

    /// `deadline` is on the monotonic clock in microseconds, as sd-bus gives it; max is none.
    private func armTimer(at deadline: UInt64) {
        guard deadline != timerDeadline else { return }
        if let timer { scheduler.cancelTimer(timer) }
        timer = nil
        timerDeadline = deadline
        guard deadline != .max else { return }
        let now = UInt64(max(MonotonicClock.now(), 0) * 1_000_000)
        let delay = deadline > now ? Double(deadline - now) / 1_000_000 : 0
        do {
            timer = try scheduler.addTimer(after: delay) { [unowned self] in
                timer = nil
                timerDeadline = .max
                process()
            }
        } catch {
            // Without it, a call to a bus that does not answer would never time out.
            fail("the loop cannot arm the bus's timer: \(error)")
        }
    }

    private func stopWatching() {
        if let watch { scheduler.remove(watch) }
        watch = nil
        if let timer { scheduler.cancelTimer(timer) }
        timer = nil
        timerDeadline = .max
    }

    private func fail(_ reason: String) {
        guard failure == nil else { return }
        failure = reason
        stopWatching()
        onFailure?(reason)
    }

    static func describe(_ result: Int32) -> String {
        String(cString: strerror(result < 0 ? -result : result))
    }
}
