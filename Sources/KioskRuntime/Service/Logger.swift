import Glibc
import KioskPlatform

/// Message importance, ordered from most to least severe; raw values are syslog priorities.
nonisolated public enum LogLevel: Int32, Comparable, CaseIterable, Sendable {
    case error = 3
    case warning = 4
    case notice = 5
    case info = 6
    case debug = 7

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        // A lower syslog priority is more severe; "less than" here means "less important".
        lhs.rawValue > rhs.rawValue
    }

    public var name: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .notice: "notice"
        case .info: "info"
        case .debug: "debug"
        }
    }

    /// Parses a level name as written in the config or on the command line ("warn" is accepted).
    public init?(name: String) {
        switch name.lowercased() {
        case "error", "err": self = .error
        case "warning", "warn": self = .warning
        case "notice": self = .notice
        case "info": self = .info
        case "debug": self = .debug
        default: return nil
        }
    }
}

/// Where log lines go.
nonisolated public enum LogDestination: Sendable {
    /// The systemd journal, with the level as the entry's priority: written to its stream on stderr
    /// with a `<N>` in front of each line.
    case journal
    /// Standard error, one line each, prefixed with the level.
    case standardError
    /// A function; used by tests and by the headless runner to collect messages.
    case sink(@Sendable (LogLevel, String) -> Void)

    /// The journal when stderr is the journal's stream (systemd sets `JOURNAL_STREAM` to the
    /// stream's "device:inode"), so priorities survive; stderr otherwise (a terminal, a pipe, a
    /// file), where the journal would be invisible to the person running the command.
    public static func automatic(environment: [String: String]) -> LogDestination {
        let identity = standardErrorIdentity()
        return isJournalStream(environment["JOURNAL_STREAM"], standardError: identity) ? .journal : .standardError
    }

    /// Whether `JOURNAL_STREAM` ("dev:inode", both decimal) names the file standard error is open on.
    public static func isJournalStream(_ journalStream: String?, standardError: (device: UInt64, inode: UInt64)?) -> Bool {
        guard let journalStream, let standardError else { return false }
        let parts = journalStream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        return device == standardError.device && inode == standardError.inode
    }

    static func standardErrorIdentity() -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard fstat(STDERR_FILENO, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }
}

/// The kiosk's log: levels, filtered by a minimum, written to the journal or stderr.
nonisolated public struct Logger: Sendable {
    public var minimumLevel: LogLevel
    public var destination: LogDestination

    public init(minimumLevel: LogLevel = .info, destination: LogDestination) {
        self.minimumLevel = minimumLevel
        self.destination = destination
    }

    /// A logger that picks the journal or stderr from the process environment.
    public static func standard(minimumLevel: LogLevel = .info) -> Logger {
        var environment: [String: String] = [:]
        if let stream = getenv("JOURNAL_STREAM") { environment["JOURNAL_STREAM"] = String(cString: stream) }
        return Logger(minimumLevel: minimumLevel, destination: .automatic(environment: environment))
    }

    /// Messages that go nowhere, for code that was given no logger.
    public static let discarding = Logger(minimumLevel: .error, destination: .sink { _, _ in })

    public func isEnabled(_ level: LogLevel) -> Bool { level >= minimumLevel }

    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard isEnabled(level) else { return }
        let text = message()
        switch destination {
        case .journal:
            // Through the journal's stream rather than its datagram socket, whose sends wait while
            // journald is behind: a line goes when the stream has room, as on stderr.
            LogLineWriter.journalStream.write(Self.journalLines(level, text))
        case .standardError:
            // A line at a time, and never waiting for a reader: one that stopped reading would
            // otherwise hold the frame loop once the pipe is full.
            LogLineWriter.standardError.write("\(level.name): \(text)\n")
        case .sink(let sink):
            sink(level, text)
        }
    }

    /// `text` as journal stream lines: each line of it with the level's priority in front, so that a
    /// message of several lines keeps its priority throughout (a final newline makes no empty entry).
    static func journalLines(_ level: LogLevel, _ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { "<\(level.rawValue)>\($0)\n" }.concatenated()
    }

    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}
