import Foundation
import Glibc
import KioskDRM
import Testing
@testable import KioskRuntime

/// The `kiosk` binary itself (built beside the tests), as a program reading its output would see it.
@Suite struct KioskProcessTests {
    /// Beside the test bundle, which SwiftPM builds with every product.
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("kiosk").path
    static let showcase = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Config/kiosk.yaml").standardized.path

    @Test func outputIntoAPipeArrivesLineByLineWhileTheKioskRuns() throws {
        let directory = TemporaryDirectory()
        let process = Process()
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no kiosk binary at \(Self.binary)")
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["run", "--config", Self.showcase, "--backend", "headless",
                             "--out", directory.path + "/frame.png", "--control", directory.path + "/control.sock"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        // Block-buffered, these lines would wait in the kiosk until 4 KiB had gathered (or be lost
        // if it died); line-buffered, they are here while it runs. The poll only keeps a broken
        // build from hanging the run.
        var text = ""
        let descriptor = output.fileHandleForReading.fileDescriptor
        var waits = 0
        while !text.contains("kiosk: control socket"), waits < 600 {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 100) > 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                text += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            waits += 1
        }
        #expect(process.isRunning)
        #expect(text.hasPrefix(#"{"event":"emit","name":"home_shown"}"#))
        #expect(text.contains("kiosk: control socket \(directory.path)/control.sock"))
    }

    /// A script that stops reading the events: stdout fills, and the kiosk goes on (its control
    /// socket answers) instead of waiting in a write; the lines it kept arrive whole once read.
    @Test func eventsNobodyReadsDoNotHoldTheKiosk() throws {
        let directory = TemporaryDirectory()
        let payload = String(repeating: "x", count: 3_000)
        let config = """
            panels:
              home:
                timers:
                  - {id: tick, every: 50ms, do: {emit: {event: tick, value: "\(payload)"}}}
                root: {type: label, id: title, text: Ticking}
            """
        try config.write(toFile: directory.path + "/kiosk.yaml", atomically: true, encoding: .utf8)
        let socket = directory.path + "/control.sock"
        let process = Self.kiosk(["run", "--config", directory.path + "/kiosk.yaml", "--backend", "headless", "--no-remote",
                                  "--out", directory.path + "/frame.png", "--control", socket])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        // Until the pipe is full (16 pages, an event or so each) and has stayed so for a second
        // (20 more events), bounded by 30 s.
        let reader = output.fileHandleForReading.fileDescriptor
        var queued: Int32 = 0, unchanged = 0
        for _ in 0..<300 where unchanged < 10 {
            usleep(100_000)
            var now: Int32 = 0
            _ = ioctl(reader, UInt(FIONREAD), &now)
            unchanged = now == queued && now >= 40_000 ? unchanged + 1 : 0
            queued = now
        }
        try #require(unchanged >= 10, "the kiosk's events did not fill the pipe: \(queued) bytes")

        let control = Self.kiosk(["ctl", "--socket", socket, "get", "title.text"])
        let answer = Pipe()
        control.standardOutput = answer
        try control.run()
        #expect(Self.waitOrKill(control), "the kiosk did not answer while its stdout was full")
        #expect(String(decoding: answer.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("Ticking"))

        // Read now: every line whole, in the order written.
        process.terminate()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "the output ends with a whole line")
        let events = lines.filter { $0.hasPrefix("{") }
        #expect(events.count > 30)
        #expect(events.allSatisfy { $0 == #"{"event":"emit","name":"tick","value":"\#(payload)"}"# })
    }

    @Test func versionIsPrintedAndNothingElseRuns() throws {
        let process = Process()
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no kiosk binary at \(Self.binary)")
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["--version"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text == "kiosk \(kioskVersion)\n")
    }

    /// fontconfig opens FONTCONFIG_FILE without asking what it is: naming a FIFO held every command
    /// that shows text before its first frame, for as long as nothing wrote to it.
    @Test func aFontconfigFileThatIsAFIFOIsSaidAndReplaced() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path + "/fonts.conf"
        try #require(mkfifo(fifo, 0o600) == 0)
        let (succeeded, text) = try Self.snapshot(into: directory.path + "/frame.png", fontconfigFile: fifo)
        #expect(succeeded, "still waiting on the FIFO after 30 s, or failed")
        #expect(text.contains("kiosk: FONTCONFIG_FILE names \(fifo), which is a FIFO, not a configuration file; "
                              + "the fonts are configured by fonts.conf instead"))
        #expect(FileManager.default.fileExists(atPath: directory.path + "/frame.png"))
    }

    /// fontconfig opens what its configuration includes without asking either: a FIFO there held
    /// the first text for ever. The first text waits `FontConfiguration.patience` (10 s), says so
    /// and goes on with the font directories alone, which still find DejaVu Sans by name.
    @Test func aFontconfigIncludeThatIsAFIFOHoldsTheStartTenSecondsAtMost() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path + "/hang.conf"
        try #require(mkfifo(fifo, 0o600) == 0)
        let configuration = """
            <?xml version="1.0"?>
            <fontconfig>
              <include>\(fifo)</include>
              <dir>/usr/share/fonts</dir>
              <cachedir>/var/cache/fontconfig</cachedir>
            </fontconfig>
            """
        try configuration.write(toFile: directory.path + "/fonts.conf", atomically: true, encoding: .utf8)
        let (succeeded, text) = try Self.snapshot(into: directory.path + "/frame.png", fontconfigFile: directory.path + "/fonts.conf")
        #expect(succeeded, "still waiting on the FIFO after 30 s, or failed")
        #expect(text.contains("kiosk: fontconfig has not read its configuration in 10 s (a file it includes may be a FIFO, "
                              + "or on a mount that does not answer); the fonts are found in /usr/share/fonts without it"))
        let png = try #require(FileManager.default.contents(atPath: directory.path + "/frame.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// The headless frame is renamed over its path: a FIFO there (the default path is in the
    /// current directory) held `kiosk run` before it printed anything, and a link was written through.
    @Test func theHeadlessFrameReplacesAFIFOAtItsPath() throws {
        let directory = TemporaryDirectory()
        let frame = directory.path + "/frame.png"
        try #require(mkfifo(frame, 0o600) == 0)
        let process = Self.kiosk(["run", "--backend", "headless", "--once", "--no-remote", "--out", frame])
        process.standardError = FileHandle.nullDevice
        try process.run()
        #expect(Self.waitOrKill(process), "still waiting on the FIFO after 30 s")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let png = try #require(FileManager.default.contents(atPath: frame))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// The kiosk binary with these arguments and its output dropped, not started yet; `environment`
    /// is added to the test's own.
    static func kiosk(_ arguments: [String], environment: [String: String] = [:]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        return process
    }

    /// Whether `process` ended by itself within 30 s. Else it is killed, not stopped: a kiosk waiting
    /// before its loop starts holds SIGTERM for that loop.
    /// `kiosk snapshot --out FRAME` with FONTCONFIG_FILE set: whether it exited by itself with
    /// status 0 within 30 s, and what it said on stderr.
    static func snapshot(into frame: String, fontconfigFile: String) throws -> (succeeded: Bool, errors: String) {
        let process = kiosk(["snapshot", "--out", frame], environment: ["FONTCONFIG_FILE": fontconfigFile])
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let exited = waitOrKill(process)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (exited && process.terminationReason == .exit && process.terminationStatus == 0, text)
    }

    static func waitOrKill(_ process: Process) -> Bool {
        for _ in 0..<300 where process.isRunning { usleep(100_000) }
        let exited = !process.isRunning
        if !exited { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return exited
    }

    /// Only where no card has a display: elsewhere `auto` would take over the real screen.
    nonisolated static let noConnectedDisplay = !((try? CardDiscovery.cards()) ?? []).contains(where: \.hasConnectedDisplay)

    @Test(.enabled(if: noConnectedDisplay)) func automaticBackendSaysWhyItRunsHeadless() throws {
        let directory = TemporaryDirectory()
        let process = Process()
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no kiosk binary at \(Self.binary)")
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["run", "--once", "--out", directory.path + "/frame.png"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.hasPrefix("kiosk: running headless: no DRM card with a connected display was found (looked at: "))
    }
}

@Suite struct ControlClientDefaultPathTests {
    @Test func ctlFindsTheKiosksOwnSocketElseTheServices() throws {
        let runtime = TemporaryDirectory()
        let service = TemporaryDirectory()
        let environment = ["XDG_RUNTIME_DIR": runtime.path]
        let servicePath = service.path + "/control.sock"
        #expect(ControlClient.defaultPath(environment: environment, servicePath: servicePath)
            == runtime.path + "/kiosk/control.sock")
        #expect(FileManagerless.write("", to: servicePath))
        #expect(ControlClient.defaultPath(environment: environment, servicePath: servicePath) == servicePath)
        try RuntimeDirectory.standard(environment: environment).prepare()
        #expect(FileManagerless.write("", to: runtime.path + "/kiosk/control.sock"))
        #expect(ControlClient.defaultPath(environment: environment, servicePath: servicePath)
            == runtime.path + "/kiosk/control.sock")
        unlink(runtime.path + "/kiosk/control.sock")
        rmdir(runtime.path + "/kiosk")
    }
}
