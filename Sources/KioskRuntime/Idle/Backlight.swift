import CSystemd
import Glibc
import KioskGraphics
import KioskPlatform

/// One backlight under /sys/class/backlight.
nonisolated public struct BacklightDevice: Equatable, Sendable {
    /// The sysfs name ("intel_backlight", "rpi_backlight", "10-0045").
    public var name: String
    /// "firmware", "platform" or "raw", as the kernel reports it.
    public var type: String
    public var directory: String
    public var maximumBrightness: Int

    /// Firmware interfaces know the panel best, then platform drivers, then raw registers; the
    /// same order desktop environments use.
    var preferenceRank: Int {
        switch type {
        case "firmware": 0
        case "platform": 1
        case "raw": 2
        default: 3
        }
    }
}

/// Why the backlight could not be set, with what was tried.
nonisolated public struct BacklightError: Error, Equatable, Sendable, CustomStringConvertible {
    public var device: String
    public var reasons: [String]
    public var description: String {
        "cannot set backlight \(device): " + reasons.joined(separator: "; ")
            + " (run the kiosk in a logind session — PAMName= in kiosk.service — or give it write access to brightness)"
    }
}

/// The panel's backlight: dims and blanks the screen when idle.
///
/// Brightness is set through logind (`Session.SetBrightness`), which lets an unprivileged session
/// user change it; when that is not available (no session, no system bus) it writes sysfs
/// directly if permitted. `Backlight.open()` returns nil when the board has no backlight, and
/// the runtime dims with an overlay instead.
///
/// logind is asked without waiting (`SystemBus`, driven by `scheduler`): one call at a time, and a
/// level asked for meanwhile replaces the one waiting to go, so a fade never queues up behind a slow
/// logind. A call that fails or goes unanswered for `logindTimeout` falls back to sysfs with the
/// latest level; when that fails too, `onFailure` hears why.
public final class Backlight {
    public enum Method: Equatable, Sendable {
        case logind
        case sysfs
    }

    public let device: BacklightDevice
    /// How brightness was last set successfully, so a failing method is not retried every time.
    public private(set) var workingMethod: Method?
    /// Told when a level could not be set after `setBrightness` had returned (logind failed, and so
    /// did sysfs).
    public var onFailure: ((BacklightError) -> Void)?
    /// Seconds logind has to answer a call.
    public static let logindTimeout = 2.0

    private let methods: [Method]
    private let scheduler: (any Scheduler)?
    private let busAddress: String
    private let timeout: Double
    private var bus: SystemBus?
    /// Why logind cannot be used, once it failed: it is not asked again.
    private(set) var logindFailure: String?
    /// The level logind is setting now, and the one asked for since, which goes next.
    private(set) var levelInFlight: Int?
    private(set) var levelQueued: Int?
    /// Ends the call in flight after `timeout`, whatever state the bus is in: sd-bus counts a call's
    /// timeout only once the bus has authenticated it, and gives authentication 90 s.
    private var answerTimer: TimerID?

    /// Every backlight, most preferred first.
    public static func discover(in root: String = "/sys/class/backlight") -> [BacklightDevice] {
        guard let directory = opendir(root) else { return [] }
        defer { closedir(directory) }
        var devices: [BacklightDevice] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard !name.hasPrefix(".") else { continue }
            let path = "\(root)/\(name)"
            guard let maximum = readInteger("\(path)/max_brightness"), maximum > 0 else { continue }
            let type = readText("\(path)/type") ?? "raw"
            devices.append(BacklightDevice(name: name, type: type, directory: path, maximumBrightness: maximum))
        }
        return devices.sorted { ($0.preferenceRank, $0.name) < ($1.preferenceRank, $1.name) }
    }

    /// The preferred backlight (or the one named in the config), or nil when there is none. Without
    /// a `scheduler` to drive the system bus, logind is not asked.
    public static func open(named name: String? = nil, in root: String = "/sys/class/backlight",
                            methods: [Method] = [.logind, .sysfs], scheduler: (any Scheduler)? = nil) -> Backlight?
    {
        let devices = discover(in: root)
        guard let device = name.map({ wanted in devices.first { $0.name == wanted } }) ?? devices.first else { return nil }
        return Backlight(device: device, methods: methods, scheduler: scheduler)
    }

    /// `busAddress` and `timeout` are the system bus's and `logindTimeout` unless a test says otherwise.
    public init(device: BacklightDevice, methods: [Method] = [.logind, .sysfs], scheduler: (any Scheduler)? = nil,
                busAddress: String? = nil, timeout: Double = Backlight.logindTimeout) {
        self.device = device
        self.methods = methods
        self.scheduler = scheduler
        self.busAddress = busAddress ?? SystemBus.systemAddress
        self.timeout = timeout
    }

    /// A call still in flight is dropped with the bus; its timer must not outlive the backlight.
    isolated deinit {
        if let answerTimer { scheduler?.cancelTimer(answerTimer) }
    }

    /// The current level in device units (`actual_brightness` when the driver provides it).
    public var brightness: Int? {
        Self.readInteger("\(device.directory)/actual_brightness") ?? Self.readInteger("\(device.directory)/brightness")
    }

    /// `fraction` within 0…1; NaN counts as full brightness, as idle's levels do (a level in device
    /// units made from NaN would trap).
    static func share(_ fraction: Double) -> Double {
        fraction.isNaN ? 1 : min(max(fraction, 0), 1)
    }

    /// Sets a fraction of full brightness: 0 is off; any other value stays at least 1 unit so a
    /// dimmed screen never goes dark by rounding.
    public func setBrightness(fraction: Double) throws(BacklightError) {
        let clamped = Self.share(fraction)
        var level = Int((clamped * Double(device.maximumBrightness)).rounded())
        if clamped > 0 { level = max(level, 1) }
        try setBrightness(level)
    }

    /// Sets a level in device units (0…maximumBrightness). Through logind it returns once the call
    /// has started (see the type's note); it throws when no method could even start.
    public func setBrightness(_ level: Int) throws(BacklightError) {
        let value = min(max(level, 0), device.maximumBrightness)
        var reasons: [String] = []
        if methods.contains(.logind) {
            if let problem = askLogind(value) {
                reasons.append(problem)
            } else {
                return
            }
        }
        try setThroughSysfs(value, after: reasons)
    }

    /// Writes `value` to sysfs if that is allowed, else throws `reasons` with sysfs's.
    private func setThroughSysfs(_ value: Int, after reasons: [String]) throws(BacklightError) {
        var reasons = reasons
        if methods.contains(.sysfs) {
            guard let problem = writeSysfs(value) else {
                workingMethod = .sysfs
                return
            }
            reasons.append(problem)
        }
        workingMethod = nil
        throw BacklightError(device: device.name, reasons: reasons)
    }

    // MARK: logind

    /// Starts setting `value` through logind, or queues it behind the call in flight. Why logind
    /// cannot be asked, when it cannot.
    private func askLogind(_ value: Int) -> String? {
        if let logindFailure { return logindFailure }
        if levelInFlight != nil {
            levelQueued = value
            return nil
        }
        guard let bus = connectedBus() else { return logindFailure }
        // "auto": the caller's session, or its user's display session.
        let result = kiosk_logind_set_brightness_async(bus.handle, "/org/freedesktop/login1/session/auto", "backlight",
                                                       device.name, UInt32(value), UInt64(timeout * 1_000_000),
                                                       logindReplied, Unmanaged.passUnretained(self).toOpaque())
        guard result >= 0 else {
            return giveUpLogind("logind: \(SystemBus.describe(result))")
        }
        levelInFlight = value
        // Without this timer (the loop refused it), sd-bus's own timeout still ends the call.
        answerTimer = try? scheduler?.addTimer(after: timeout) { [unowned self] in
            answerTimer = nil
            logindAnswered(error: "logind: no answer in \(timeout.compact) s")
        }
        bus.update()
        return nil
    }

    /// The system bus, connected on first use.
    private func connectedBus() -> SystemBus? {
        if let bus { return bus }
        guard let scheduler else {
            _ = giveUpLogind("logind: no loop to drive the system bus")
            return nil
        }
        do {
            let bus = try SystemBus(address: busAddress, scheduler: scheduler)
            bus.onFailure = { [unowned self] reason in
                guard levelInFlight != nil else { return }
                logindAnswered(error: "logind: the system bus closed (\(reason))")
            }
            self.bus = bus
            return bus
        } catch {
            _ = giveUpLogind("logind: \(error)")
            return nil
        }
    }

    /// logind's reply to the call in flight: nil when it set the level, else its error.
    func logindAnswered(error: String?) {
        guard let value = levelInFlight else { return }
        levelInFlight = nil
        if let answerTimer { scheduler?.cancelTimer(answerTimer) }
        answerTimer = nil
        let wanted = levelQueued ?? value
        levelQueued = nil
        if let error {
            _ = giveUpLogind(error)
            do {
                try setThroughSysfs(wanted, after: [error])
            } catch {
                onFailure?(error)
            }
            return
        }
        workingMethod = .logind
        if wanted != value { _ = askLogind(wanted) }
    }

    private func giveUpLogind(_ reason: String) -> String {
        logindFailure = reason
        return reason
    }

    private func writeSysfs(_ value: Int) -> String? {
        let path = "\(device.directory)/brightness"
        // O_TRUNC means nothing to sysfs but keeps a plain file (a test tree) holding one number;
        // O_NONBLOCK, that a FIFO there fails instead of holding the loop until something reads it.
        let fd = Glibc.open(path, O_WRONLY | O_TRUNC | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return "sysfs: \(path): \(String(cString: strerror(errno)))" }
        defer { close(fd) }
        let text = Array(String(value).utf8)
        let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == text.count else { return "sysfs: \(path): \(String(cString: strerror(errno)))" }
        return nil
    }

    static func readText(_ path: String) -> String? {
        // O_NONBLOCK: a FIFO there reads as nothing instead of holding the loop until something writes.
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        var text = String(decoding: buffer[0..<count], as: UTF8.self)
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }

    static func readInteger(_ path: String) -> Int? {
        readText(path).flatMap { Int($0) }
    }
}

/// sd-bus calls it from inside `sd_bus_process`, on the main thread, with the backlight as userdata.
private let logindReplied: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<sd_bus_error>?) -> Int32 = {
    reply, userdata, _ in
    guard let userdata else { return 0 }
    let backlight = Unmanaged<Backlight>.fromOpaque(userdata).takeUnretainedValue()
    var failure: String?
    if let reply, sd_bus_message_is_method_error(reply, nil) > 0 {
        let error = sd_bus_message_get_error(reply)
        failure = "logind: " + (error?.pointee.message.map { String(cString: $0) } ?? "an error without a message")
    }
    MainActor.assumeIsolated { backlight.logindAnswered(error: failure) }
    return 0
}
