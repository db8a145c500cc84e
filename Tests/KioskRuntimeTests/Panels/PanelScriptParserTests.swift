import Foundation
import Glibc
import KioskConfig
import KioskGraphics
import KioskRuntime
import Testing

/// What the `kiosk test` script parser accepts, and the values it refuses before a runner could
/// act on them (a 0×0 surface crashed the runner; "inf" and "nan" read as numbers).
@MainActor
struct PanelScriptParserTests {
    func parse(_ text: String) throws -> PanelScript {
        try PanelScriptParser.parse(bytes: Array(text.utf8), file: "/scripts/check.yaml")
    }

    /// The messages of a script that must not parse.
    func errors(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch let failure as ConfigErrors {
            return failure.errors.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test func aScriptWithEveryKindOfStepParses() throws {
        let script = try parse("""
        config: kiosk.yaml
        size: 800x480
        steps:
          - tap: [10, 20.5]
          - long_press: {target: pay, duration: 0.8s}
          - drag: {from: level, to: [600, 200], duration: 300ms}
          - wait: 2min
          - snapshot: {name: home, tolerance: 0}
        """)
        #expect(script.configPath == "/scripts/kiosk.yaml")
        #expect(script.size == Size(width: 800, height: 480))
        #expect(script.steps.map(\.summary) == ["tap [10, 20.5]", "long_press {target: pay, duration: 0.8s}",
                                                "drag {from: level, to: [600, 200], duration: 300ms}", "wait 2min",
                                                "snapshot {name: home, tolerance: 0}"])
    }

    @Test(arguments: ["0x0", "8193x600", "800x15", "800.5x480", "800xfoox480", "infxinf", "800x", "-800x480"])
    func sizesTheKioskCannotShowAreRefused(size: String) {
        let messages = errors("config: kiosk.yaml\nsize: \(size)\nsteps: []\n")
        #expect(messages == ["/scripts/check.yaml:2:7: error: invalid size: expected WIDTHxHEIGHT in whole pixels from 16 to 8192, "
                             + "found '\(size)'"])
    }

    @Test(arguments: ["inf", "nan", "-5s", "-1", "infs", "nanms", "1e999"])
    func durationsThatNeverEndOrRunBackwardsAreRefused(duration: String) {
        let messages = errors("config: kiosk.yaml\nsteps:\n  - wait: \(duration)\n")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("/scripts/check.yaml:3:11: error: invalid duration: expected 0.5s, 300ms") == true)
    }

    @Test func pointsMustBeFinite() {
        let messages = errors("config: kiosk.yaml\nsteps:\n  - tap: [nan, 10]\n  - drag: {from: [0, 0], to: [inf, 1]}\n")
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.contains("invalid target: expected a widget id or a point [x, y]") })
    }

    @Test(arguments: ["256", "-1", "high", "1.5"])
    func aSnapshotToleranceIsAByte(tolerance: String) {
        let messages = errors("config: kiosk.yaml\nsteps:\n  - snapshot: {name: home, tolerance: \(tolerance)}\n")
        #expect(messages == ["/scripts/check.yaml:3:39: error: invalid tolerance: expected a whole number from 0 to 255, "
                             + "found '\(tolerance)'"])
    }

    /// A script is read as a config is, only as a regular file, and the error says what it is instead.
    @Test func aScriptThatIsNoRegularFileIsRefusedAtOnce() throws {
        let fifo = "/tmp/kiosk-script-\(getpid()).yaml"
        unlink(fifo)
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // Should the parser wait on the FIFO, a writer comes within 5 s and lets it go on: the test
        // then fails on the message instead of hanging.
        Thread.detachNewThread {
            for _ in 0..<100 {
                let writer = open(fifo, O_WRONLY | O_NONBLOCK)
                if writer >= 0 { close(writer); return }
                usleep(50_000)
            }
        }
        do {
            _ = try PanelScriptParser.parse(path: fifo)
            Issue.record("a FIFO was read as a script")
        } catch let errors as ConfigErrors {
            #expect(errors.errors.map(\.description) == ["\(fifo):1:1: error: the script is a FIFO"])
        }
    }
}
