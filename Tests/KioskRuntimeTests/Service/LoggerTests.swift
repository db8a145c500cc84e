import Glibc
import KioskConfig
import Synchronization
import Testing
@testable import KioskRuntime

/// Collects what a logger writes.
nonisolated final class LogCapture: Sendable {
    let entries = Mutex<[(LogLevel, String)]>([])

    var logger: Logger {
        Logger(minimumLevel: .info, destination: .sink { [self] level, text in self.entries.withLock { $0.append((level, text)) } })
    }

    var lines: [String] { entries.withLock { $0.map { "\($0.0.name): \($0.1)" } } }
}

@Suite struct LoggerTests {
    @Test func messagesBelowTheMinimumLevelAreNotEvenBuilt() {
        let capture = LogCapture()
        var logger = capture.logger
        var built = false
        logger.debug({ built = true; return "expensive" }())
        logger.info("hello")
        logger.error("broken")
        #expect(!built)
        logger.minimumLevel = .debug
        logger.debug("now visible")
        #expect(capture.lines == ["info: hello", "error: broken", "debug: now visible"])
    }

    @Test func levelsOrderBySeverityAndUseSyslogPriorities() {
        #expect(LogLevel.debug < .info && LogLevel.info < .notice && LogLevel.notice < .warning && LogLevel.warning < .error)
        #expect(LogLevel.allCases.map(\.rawValue) == [3, 4, 5, 6, 7])
        // The config names them as syslog does; every name the config accepts is a level.
        #expect(LogSpec.levels.compactMap { LogLevel(name: $0) } == LogLevel.allCases)
        #expect(LogLevel(name: "WARN") == .warning)
        #expect(LogLevel(name: "verbose") == nil)
    }

    /// The journal's stream reads a leading "<N>" as the line's priority: every line of a message has it.
    @Test func journalLinesCarryTheirPriorityOnEveryLine() {
        #expect(Logger.journalLines(.error, "config: bad") == "<3>config: bad\n")
        #expect(Logger.journalLines(.notice, "first\nsecond") == "<5>first\n<5>second\n")
        #expect(Logger.journalLines(.warning, "ends with a newline\n") == "<4>ends with a newline\n")
        #expect(Logger.journalLines(.debug, "") == "<7>\n")
    }

    @Test func journalIsUsedOnlyWhenStderrIsTheJournalStream() {
        let identity = (device: UInt64(2049), inode: UInt64(123_456))
        #expect(LogDestination.isJournalStream("2049:123456", standardError: identity))
        #expect(!LogDestination.isJournalStream("2049:123457", standardError: identity))
        #expect(!LogDestination.isJournalStream("garbage", standardError: identity))
        #expect(!LogDestination.isJournalStream(nil, standardError: identity))
        #expect(!LogDestination.isJournalStream("2049:123456", standardError: nil))
    }

    @Test func automaticDestinationComparesWithTheRealStderr() throws {
        let identity = try #require(LogDestination.standardErrorIdentity())
        guard case .journal = LogDestination.automatic(environment: ["JOURNAL_STREAM": "\(identity.device):\(identity.inode)"]) else {
            Issue.record("expected the journal when JOURNAL_STREAM names stderr")
            return
        }
        guard case .standardError = LogDestination.automatic(environment: ["JOURNAL_STREAM": "1:1"]) else {
            Issue.record("expected stderr when JOURNAL_STREAM names another stream")
            return
        }
    }

    @Test func startupSummaryNamesEverythingTheIntegratorChecks() {
        let summary = StartupSummary(version: "0.3.0", backend: "drm", card: "/dev/dri/card0", connector: "HDMI-A-1",
                                     mode: "1920x1080@60", rotationDegrees: 90,
                                     inputDevices: ["ILITEK Multi-Touch", "AT Keyboard"], configPath: "/etc/kiosk/kiosk.yaml")
        #expect(summary.line == "kiosk 0.3.0 started: backend drm, card /dev/dri/card0, connector HDMI-A-1, "
            + "mode 1920x1080@60, rotation 90°, input 2 devices (ILITEK Multi-Touch, AT Keyboard), config /etc/kiosk/kiosk.yaml")
        let capture = LogCapture()
        capture.logger.logStartup(StartupSummary(version: "0.3.0", backend: "headless", configPath: "k.yaml"))
        #expect(capture.lines == ["notice: kiosk 0.3.0 started: backend headless, connector none yet, rotation 0°, input none, config k.yaml"])
    }
}
