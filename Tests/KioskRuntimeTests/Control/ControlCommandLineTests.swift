import Glibc
import Synchronization
import Testing
@testable import KioskRuntime

/// What one `kiosk ctl` run printed and returned, collected from the thread it ran on.
nonisolated final class CommandLineRun: Sendable {
    let output = Mutex<[String]>([])
    let errors = Mutex<[String]>([])
    let files = Mutex<[String: [UInt8]]>([:])
    let status = Atomic<Int32>(-1)

    /// Runs `kiosk ctl` off the main actor, as the blocking tool it is.
    func start(_ arguments: [String], socketPath: String) -> Task<Void, Never> {
        Task.detached { [self] in
            let code = ControlClient.run(arguments: arguments, socketPath: socketPath,
                                         output: { line in self.output.withLock { $0.append(line) } },
                                         errorOutput: { line in self.errors.withLock { $0.append(line) } },
                                         writeFile: { path, bytes in self.files.withLock { $0[path] = bytes } })
            self.status.store(code, ordering: .sequentiallyConsistent)
        }
    }

    var finished: Bool { status.load(ordering: .sequentiallyConsistent) >= 0 }
}

@Suite struct ControlCommandLineTests {
    /// Serves the socket on the main actor until the command finishes.
    func serve(_ kiosk: ControlFixture, until run: CommandLineRun, sourceLocation: SourceLocation = #_sourceLocation) {
        for _ in 0..<200_000 where !run.finished {
            kiosk.registry.pump(kiosk.server)
            usleep(50)
        }
        #expect(run.finished, "kiosk ctl did not finish", sourceLocation: sourceLocation)
    }

    @Test func getPrintsTheValue() async throws {
        let kiosk = try ControlFixture()
        let run = CommandLineRun()
        let task = run.start(["get", "name.text"], socketPath: kiosk.server.path)
        serve(kiosk, until: run)
        await task.value
        #expect(run.status.load(ordering: .sequentiallyConsistent) == 0)
        #expect(run.output.withLock { $0 } == ["Ada"])
    }

    @Test func errorReplyExitsWithOne() async throws {
        let kiosk = try ControlFixture()
        let run = CommandLineRun()
        let task = run.start(["set", "nothing.value", "1"], socketPath: kiosk.server.path)
        serve(kiosk, until: run)
        await task.value
        #expect(run.status.load(ordering: .sequentiallyConsistent) == 1)
        #expect(run.errors.withLock { $0 } == [#"kiosk: no widget "nothing" with "value""#])
    }

    @Test func screenshotIsWrittenByTheClient() async throws {
        let kiosk = try ControlFixture()
        let run = CommandLineRun()
        let task = run.start(["screenshot", "panel.png"], socketPath: kiosk.server.path)
        serve(kiosk, until: run)
        await task.value
        #expect(run.status.load(ordering: .sequentiallyConsistent) == 0)
        #expect(run.files.withLock { $0 } == ["panel.png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]])
    }

    @Test func subscribeStreamsEventsUntilTheKioskGoesAway() async throws {
        let kiosk = try ControlFixture()
        let run = CommandLineRun()
        let task = run.start(["subscribe"], socketPath: kiosk.server.path)
        for _ in 0..<200_000 where kiosk.server.subscriberCount == 0 {
            kiosk.registry.pump(kiosk.server)
            usleep(50)
        }
        kiosk.server.broadcast(event: .tap(widget: "pay"))
        kiosk.server.broadcast(event: .submit(widget: "pin", value: "1234"))
        for _ in 0..<1000 { kiosk.registry.pump(kiosk.server) }
        kiosk.server.close()
        serve(kiosk, until: run)
        await task.value
        #expect(run.status.load(ordering: .sequentiallyConsistent) == 0)
        #expect(run.output.withLock { $0 } == [#"{"event":"tap","widget":"pay"}"#, #"{"event":"submit","value":"1234","widget":"pin"}"#])
    }
}
