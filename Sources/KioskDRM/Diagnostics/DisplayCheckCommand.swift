import Glibc
import KioskGraphics
import KioskPlatform

/// `kiosk-display-check`: lists what the DRM cards offer, or proves a display works by animating a
/// paced test pattern through `DRMDisplay` and putting the console back afterwards.
public enum DisplayCheckCommand {
    static let usage = """
        usage: kiosk-display-check [--device PATH] [--connector NAME] [--mode WxH[@HZ]] [--legacy]
                                   [--pattern SECONDS [--hold SECONDS]] [--watch-hotplug SECONDS]
          without --pattern: lists cards, connectors, modes and CRTCs
          --pattern S   set the mode and animate a moving bar for S seconds, then report flips and frame rate
          --hold S      keep the final frame (bar centred) on screen for S seconds before restoring
          --watch-hotplug S  print the DRM hotplug/change events udev reports during S seconds
          --legacy      use drmModeSetCrtc/drmModePageFlip even where atomic commits are available
        """

    struct Options {
        var device: String?
        var connector: String?
        var mode: DisplayModeRequest?
        var legacy = false
        var patternSeconds: Double?
        var holdSeconds = 0.0
        var watchSeconds: Double?
    }

    /// Runs the command and returns the process exit status.
    public static func run(arguments: [String]) -> Int32 {
        do {
            let options = try parse(arguments)
            if let seconds = options.watchSeconds { return try watchHotplug(seconds: seconds) }
            guard let seconds = options.patternSeconds else {
                say(try DisplayListing.describeCards(), newline: false)
                return 0
            }
            return try runPattern(seconds: seconds, options: options)
        } catch let error as UsageError {
            say("kiosk-display-check: \(error.message)\n\(usage)", to: 2)
            return 2
        } catch {
            say("kiosk-display-check: \(error)", to: 2)
            return 1
        }
    }

    private static func runPattern(seconds: Double, options: Options) throws -> Int32 {
        let display = try DRMDisplay(devicePath: options.device, mode: options.mode, connectorName: options.connector,
                                     allowAtomic: !options.legacy)
        say("display: \(display.devicePath) \(display.connectorName) \(display.mode) "
              + String(cFormat: "(%.2f Hz)", display.mode.refreshRate)
              + (display.usesAtomicCommits ? " atomic" : " legacy")
              + (display.sendsDamageClips ? " damage-clips" : ""))
        var run = PatternRun(display: display)
        let report = try run.run(seconds: seconds)
        say(String(cFormat: "pattern: frames presented %ld, flips completed %ld, paced frame rate %.2f Hz "
                     + "(mode %.2f Hz), mean flip completion %.2f ms after commit",
                     report.framesPresented, report.flipsCompleted, report.pacedFrameRate,
                     display.mode.refreshRate, report.meanFlipLatency * 1000))
        if options.holdSeconds > 0 {
            say("holding final frame for \(options.holdSeconds) s")
            var pause = timespec(tv_sec: Int(options.holdSeconds), tv_nsec: 0)
            nanosleep(&pause, nil)
        }
        try display.restore()
        return try checkRestore(of: display) ? 0 : 1
    }

    private static func watchHotplug(seconds: Double) throws -> Int32 {
        let monitor = try DisplayHotplugMonitor()
        say("watching DRM events for \(seconds) s")
        let end = MonotonicClock.now() + seconds
        while case let left = end - MonotonicClock.now(), left > 0 {
            var descriptor = pollfd(fd: monitor.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left * 1000) + 1) > 0 else { continue }
            for event in monitor.pendingEvents() { say("event: \(event)") }
        }
        return 0
    }

    /// Checks, while still holding the card, that the CRTC scans out what it did before the run.
    private static func checkRestore(of display: DRMDisplay) throws -> Bool {
        let saved = display.savedCRTC
        let now = try display.device.savedCRTC(id: saved.id)
        let matches = now.framebuffer == saved.framebuffer && (now.mode == nil) == (saved.mode == nil)
        say("restore: crtc \(saved.id) framebuffer \(now.framebuffer) "
              + (matches ? "matches" : "differs from") + " the one found at start (\(saved.framebuffer))")
        return matches
    }

    /// Writes straight to the descriptor: unbuffered, so a watcher sees each line when it happens.
    private static func say(_ text: String, to descriptor: Int32 = 1, newline: Bool = true) {
        let line = newline ? text + "\n" : text
        line.utf8CString.withUnsafeBufferPointer { bytes in
            _ = write(descriptor, bytes.baseAddress, bytes.count - 1)
        }
    }

    struct UsageError: Error {
        let message: String
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
            return next
        }
        func seconds(for flag: String) throws -> Double {
            let text = try value(for: flag)
            guard let number = Double(text), number >= 0 else {
                throw UsageError(message: "\(flag) wants a number of seconds, not \(text)")
            }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--device": options.device = try value(for: argument)
            case "--connector": options.connector = try value(for: argument)
            case "--mode": options.mode = try DisplayModeRequest(parsing: try value(for: argument))
            case "--legacy": options.legacy = true
            case "--pattern": options.patternSeconds = try seconds(for: argument)
            case "--hold": options.holdSeconds = try seconds(for: argument)
            case "--watch-hotplug": options.watchSeconds = try seconds(for: argument)
            case "-h", "--help": throw UsageError(message: "help")
            default: throw UsageError(message: "unknown argument \(argument)")
            }
        }
        return options
    }
}
