import Foundation
import Glibc
import Testing
import KioskConfig
import KioskExpression
import KioskPlatform
@testable import KioskRuntime

/// A `command:` source against the faults a program has: too slow, failing, printing nonsense or
/// too much, missing, and recovering. The clock is virtual: a timeout fires only when the test
/// moves it, however long the machine takes to start a program.
@Suite struct CommandSourceTests {
    static func spec(_ argv: [String], interval: Double = 10, timeout: Double = 2, format: SourceSpec.Format = .auto,
                     maximumBytes: Int = SourceSpec.defaultMaximumBytes) -> SourceSpec {
        SourceSpec(name: "probe", kind: .command(argv: argv, interval: interval, timeout: timeout, format: format),
                   maximumBytes: maximumBytes)
    }

    @Test func jsonOutputBecomesAValueAndTextIsTrimmed() {
        let probe = SourceProbe([
            Self.spec(["printf", #"{"load": 0.5, "ok": true}"#]),
            SourceSpec(name: "words", kind: .command(argv: ["echo", "  all good  "], interval: 10, timeout: 2, format: .auto)),
        ])
        #expect(probe.settle { !probe.value("probe").stale && !probe.value("words").stale })
        #expect(probe.value("probe") == SourceValue(value: .record(["load": .number(0.5), "ok": .bool(true)]), stale: false,
                                                     updated: SourceProbe.epoch, error: nil))
        #expect(probe.value("words").value == .text("all good"))
    }

    @Test func runsAgainEveryInterval() {
        let probe = SourceProbe([Self.spec(["sh", "-c", "echo $$"], interval: 5)])
        #expect(probe.settle { !probe.value("probe").stale })
        let first = probe.value("probe").value
        #expect(probe.advance(by: 5) { probe.value("probe").value != first })
        #expect(probe.value("probe").updated == SourceProbe.epoch + 5)
    }

    /// A shell running `sleep` with a 0.5 s timeout: killed with its whole process group (the
    /// `sleep` too), reaped, reported once.
    @Test func aSlowProgramIsKilledAtItsTimeout() {
        // The odd duration names both processes in /proc (the shell's command line holds it too).
        let marker = "sleep 30.\(UInt32.random(in: 100_000...999_999))"
        let probe = SourceProbe([Self.spec(["sh", "-c", "\(marker); echo done"], timeout: 0.5)])
        #expect(probe.settle { Self.processCount(marker) == 2 })
        #expect(probe.value("probe") == .initial)
        #expect(probe.value("probe") == .initial)
        probe.loop.advance(by: 0.5)
        #expect(probe.value("probe").stale)
        #expect(probe.value("probe").error == "timed out after 0.5s")
        #expect(probe.logged == ["source 'probe' failed: timed out after 0.5s; it has no value yet"])
        // The program and its `sleep` are gone: reaped through the pidfd, with the clock still.
        #expect(probe.settle(attempts: 300) { Self.processCount(marker) == 0 && probe.loop.armedTimerCount == 1 })
        #expect(Self.processCount(marker) == 0)
    }

    @Test func aFailingProgramReportsItsStatusAndFirstErrorLine() {
        let probe = SourceProbe([Self.spec(["sh", "-c", "echo 'sensor offline' >&2; echo more >&2; exit 3"])])
        #expect(probe.settle { probe.value("probe").error != nil })
        #expect(probe.value("probe").error == "'sh' exited with status 3: sensor offline")
        #expect(probe.value("probe").stale)
        #expect(probe.value("probe").value == .null)
    }

    @Test func aMissingProgramCannotRun() {
        let probe = SourceProbe([Self.spec(["kiosk-no-such-program"])])
        #expect(probe.settle { probe.value("probe").error != nil })
        #expect(probe.value("probe").error == "cannot run 'kiosk-no-such-program': No such file or directory")
        #expect(probe.value("probe").stale)
    }

    @Test func malformedJSONIsAFailureWhenTheFormatIsJSON() {
        let probe = SourceProbe([Self.spec(["echo", "{not json"], format: .json)])
        #expect(probe.settle { probe.value("probe").error != nil })
        #expect(probe.value("probe").error?.hasPrefix("'echo' printed not valid JSON (invalid JSON at byte 1") == true)
    }

    @Test func outputOverTheLimitKillsTheProgram() {
        let probe = SourceProbe([Self.spec(["yes"], maximumBytes: 1000)])
        #expect(probe.settle { probe.value("probe").error != nil })
        #expect(probe.value("probe").error == "printed more than the limit of 1000 bytes (max_bytes)")
        #expect(probe.value("probe").stale)
    }

    /// Fails, keeps its value while failing, backs off (10 s, then 20 s), and comes back fresh.
    @Test func aFailingProgramRecoversWithBackoff() {
        let reading = "/tmp/kiosk-reading-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(reading) }
        let live = SourceProbe([Self.spec(["cat", reading], interval: 10)])
        _ = FileManager.default.createFile(atPath: reading, contents: Data("21".utf8))
        #expect(live.settle { !live.value("probe").stale })
        #expect(live.value("probe").value == .number(21))

        unlink(reading)
        #expect(live.advance(by: 10) { live.value("probe").error != nil })
        #expect(live.value("probe").value == .number(21))
        #expect(live.value("probe").stale)
        #expect(live.value("probe").updated == SourceProbe.epoch)
        // Second failure after the plain interval, third only after twice that.
        #expect(live.advance(by: 10) { live.loop.nextTimerDeadline == 40 })
        _ = FileManager.default.createFile(atPath: reading, contents: Data("22".utf8))
        live.loop.advance(by: 19)
        live.settle(attempts: 20) { false }
        #expect(live.value("probe").stale)
        #expect(live.advance(by: 1) { !live.value("probe").stale })
        #expect(live.value("probe") == SourceValue(value: .number(22), stale: false, updated: SourceProbe.epoch + 40, error: nil))
        #expect(live.logged.count == 2)
        #expect(live.logged.last == "source 'probe' recovered")
    }

    /// A relative program path is the config's: `./bin/reading` next to kiosk.yaml.
    @Test func aRelativeProgramIsFoundInTheConfigDirectory() {
        let probe = SourceProbe([Self.spec(["./reading.sh"])])
        probe.write("#!/bin/sh\necho 7\n", to: "reading.sh")
        chmod(probe.path("reading.sh"), 0o755)
        #expect(probe.settle { !probe.value("probe").stale })
        #expect(probe.value("probe").value == .number(7))
    }

    /// It runs in the config's directory, and none of the kiosk's descriptors reach it.
    @Test func aProgramRunsInTheConfigDirectoryWithNoDescriptorOfTheKiosk() throws {
        let inherited = dup(2)
        defer { close(inherited) }
        let probe = SourceProbe([
            Self.spec(["cat", "reading.txt"]),
            SourceSpec(name: "descriptor", kind: .command(
                argv: ["sh", "-c", "test -e /proc/self/fd/\(inherited) && echo leaked || echo closed"],
                interval: 10, timeout: 2, format: .text)),
        ])
        probe.write("12\n", to: "reading.txt")
        #expect(probe.settle { !probe.value("probe").stale && !probe.value("descriptor").stale })
        #expect(probe.value("probe").value == .number(12))
        #expect(probe.value("descriptor").value == .text("closed"))
    }

    /// On the real loop too: epoll, the timerfd and the pidfd, with a bounded run.
    @Test func aSlowProgramOnTheRealLoop() throws {
        let loop = try EventLoop()
        var logged: [String] = []
        let set = SourceSet(specs: [Self.spec(["sleep", "5"], timeout: 0.5)], scheduler: loop, baseDirectory: "/",
                            log: { logged.append($0) })
        var giveUp = false
        try loop.addTimer(after: 10) { giveUp = true }
        while set.value(of: "probe")?.error == nil, !giveUp { try loop.runOnce() }
        #expect(set.value(of: "probe")?.error == "timed out after 0.5s")
        #expect(set.value(of: "probe")?.stale == true)
        #expect(logged.count == 1)
        set.stop()
    }

    /// Live processes (not zombies) whose command line holds `marker`.
    static func processCount(_ marker: String) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        return entries.filter { entry in
            guard Int(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(marker)
        }.count
    }
}
