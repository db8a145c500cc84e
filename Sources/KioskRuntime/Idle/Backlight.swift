import CSystemd
import Glibc

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
public final class Backlight {
    public enum Method: Equatable, Sendable {
        case logind
        case sysfs
    }

    public let device: BacklightDevice
    /// How brightness was last set successfully, so a failing method is not retried every time.
    public private(set) var workingMethod: Method?
    private let methods: [Method]
    private var bus: OpaquePointer?

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

    /// The preferred backlight (or the one named in the config), or nil when there is none.
    public static func open(named name: String? = nil, in root: String = "/sys/class/backlight",
                            methods: [Method] = [.logind, .sysfs]) -> Backlight?
    {
        let devices = discover(in: root)
        guard let device = name.map({ wanted in devices.first { $0.name == wanted } }) ?? devices.first else { return nil }
        return Backlight(device: device, methods: methods)
    }

    public init(device: BacklightDevice, methods: [Method] = [.logind, .sysfs]) {
        self.device = device
        self.methods = methods
    }

    isolated deinit {
        if let bus { sd_bus_flush_close_unref(bus) }
    }

    /// The current level in device units (`actual_brightness` when the driver provides it).
    public var brightness: Int? {
        Self.readInteger("\(device.directory)/actual_brightness") ?? Self.readInteger("\(device.directory)/brightness")
    }

    /// Sets a fraction of full brightness: 0 is off; any other value stays at least 1 unit so a
    /// dimmed screen never goes dark by rounding.
    public func setBrightness(fraction: Double) throws(BacklightError) {
        let clamped = min(max(fraction, 0), 1)
        var level = Int((clamped * Double(device.maximumBrightness)).rounded())
        if clamped > 0 { level = max(level, 1) }
        try setBrightness(level)
    }

    /// Sets a level in device units (0…maximumBrightness). A D-Bus round trip; it happens only on
    /// idle transitions, never per frame.
    public func setBrightness(_ level: Int) throws(BacklightError) {
        let value = min(max(level, 0), device.maximumBrightness)
        var reasons: [String] = []
        var order = methods
        if let workingMethod, let index = order.firstIndex(of: workingMethod) {
            order.remove(at: index)
            order.insert(workingMethod, at: 0)
        }
        for method in order {
            let failure: String? = switch method {
            case .logind: setThroughLogind(value)
            case .sysfs: writeSysfs(value)
            }
            if let failure {
                reasons.append(failure)
            } else {
                workingMethod = method
                return
            }
        }
        workingMethod = nil
        throw BacklightError(device: device.name, reasons: reasons)
    }

    private func setThroughLogind(_ value: Int) -> String? {
        if bus == nil {
            var connection: OpaquePointer?
            let result = sd_bus_open_system(&connection)
            guard result >= 0, let connection else {
                return "logind: no system bus (\(String(cString: strerror(-result))))"
            }
            bus = connection
        }
        var message = [CChar](repeating: 0, count: 256)
        // "auto": the caller's session, or its user's display session.
        let result = kiosk_logind_set_brightness(bus, "/org/freedesktop/login1/session/auto", "backlight", device.name,
                                                 UInt32(value), &message, message.count)
        guard result < 0 else { return nil }
        return "logind: " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func writeSysfs(_ value: Int) -> String? {
        let path = "\(device.directory)/brightness"
        // O_TRUNC means nothing to sysfs but keeps a plain file (a test tree) holding one number.
        let fd = Glibc.open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { return "sysfs: \(path): \(String(cString: strerror(errno)))" }
        defer { close(fd) }
        let text = Array(String(value).utf8)
        let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == text.count else { return "sysfs: \(path): \(String(cString: strerror(errno)))" }
        return nil
    }

    static func readText(_ path: String) -> String? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
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
