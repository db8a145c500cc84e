import Glibc
import KioskPlatform

/// `kiosk-input-check`: opens the seat as the kiosk would and prints what arrives, so an
/// integrator can see whether the touchscreen, rotation and calibration are right before starting
/// the kiosk itself.
public enum InputCheck {
    /// Runs the tool; returns the process exit status.
    public static func main(arguments: [String]) -> Int32 {
        let options: InputCheckOptions
        do throws(InputCheckUsageError) {
            options = try InputCheckOptions(arguments: Array(arguments.dropFirst()))
        } catch {
            printError("kiosk-input-check: \(error)\n\(InputCheckOptions.usage)")
            return 2
        }
        do throws(InputError) {
            // The kiosk compiles its keymap with the first key; a check says at once whether it can.
            _ = try KeyboardTranslator(keymap: options.configuration.keymap)
            let manager = try InputManager(configuration: options.configuration)
            listen(to: manager, options: options)
            return 0
        } catch {
            printError("kiosk-input-check: \(error)")
            return 1
        }
    }

    private static func listen(to manager: InputManager, options: InputCheckOptions) {
        let mapper = manager.mapper
        emit("listening on seat \(options.configuration.seat): display \(mapper.displayWidth)x\(mapper.displayHeight), "
            + "rotation \(mapper.rotation.rawValue), calibration \(mapper.calibration), UI \(mapper.uiSize)")
        let deadline = options.seconds.map { MonotonicClock.now() + $0 }
        var known: [Int: InputDeviceInfo] = [:]
        while true {
            report(devicesOf: manager, known: &known)
            for event in manager.readEvents() { emit(InputEventFormatter.line(for: event)) }
            report(devicesOf: manager, known: &known)
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - MonotonicClock.now()
                if left <= 0 { break }
                timeout = Int32((left * 1000).rounded(.up))
            }
            var descriptor = pollfd(fd: manager.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, timeout)
        }
        for failure in manager.openFailures { emit("could not open \(failure)") }
    }

    private static func report(devicesOf manager: InputManager, known: inout [Int: InputDeviceInfo]) {
        let current = Dictionary(uniqueKeysWithValues: manager.devices.map { ($0.id, $0) })
        for (id, device) in known where current[id] == nil { emit("device removed \(device)") }
        for device in manager.devices where known[device.id] == nil { emit("device added \(device)") }
        known = current
    }

    /// Written straight to the descriptor, unbuffered, so a log redirected to a file is complete
    /// even when the tool is killed.
    private static func emit(_ line: String) { write(line + "\n", to: STDOUT_FILENO) }

    private static func printError(_ text: String) { write(text + "\n", to: STDERR_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
