import Foundation
import Glibc
import Testing
import KioskConfig
import KioskExpression
@testable import KioskRuntime

/// A `file:` source against the faults a file meets: a FIFO that would block, a broken payload,
/// a file too large, a file deleted, renamed over and recreated.
@Suite struct FileSourceTests {
    static func spec(_ path: String = "status.json", format: SourceSpec.Format = .json, interval: Double? = nil,
                     maximumBytes: Int = SourceSpec.defaultMaximumBytes) -> SourceSpec {
        SourceSpec(name: "status", kind: .file(path: path, format: format, interval: interval), maximumBytes: maximumBytes)
    }

    /// Lets the watch see what was just done to the file, and the settle delay pass.
    @discardableResult
    func changed(_ probe: SourceProbe, until condition: () -> Bool) -> Bool {
        probe.advance(by: FileSource.settleDelay, until: condition)
    }

    @Test func readsTheFileRelativeToTheConfigDirectoryWithTheTimeItArrived() {
        let probe = SourceProbe([Self.spec()])
        probe.write(#"{"state": "open"}"#, to: "status.json")
        #expect(probe.value("status") == .initial)
        probe.loop.advance(by: 2)
        #expect(probe.settle { !probe.value("status").stale })
        #expect(probe.value("status") == SourceValue(value: .record(["state": .text("open")]), stale: false,
                                                      updated: SourceProbe.epoch, error: nil))
        #expect(probe.changes.map(\.name) == ["status"])
    }

    @Test func aChangeIsReadWhenTheFileIsWrittenOrRenamedOver() {
        let probe = SourceProbe([Self.spec()])
        probe.write(#"{"n": 1}"#, to: "status.json")
        probe.settle { !probe.value("status").stale }
        probe.loop.advance(by: 5)
        probe.write(#"{"n": 2}"#, to: "status.json")
        #expect(changed(probe) { probe.value("status").value == .record(["n": .number(2)]) })
        #expect(probe.value("status").updated == SourceProbe.epoch + 5 + FileSource.settleDelay)
        probe.replace("status.json", with: #"{"n": 3}"#)
        #expect(changed(probe) { probe.value("status").value == .record(["n": .number(3)]) })
    }

    @Test func deletedIsStaleWithTheLastValueAndRecreatedIsFresh() {
        let probe = SourceProbe([Self.spec()])
        probe.write(#"{"n": 1}"#, to: "status.json")
        probe.settle { !probe.value("status").stale }
        probe.remove("status.json")
        #expect(changed(probe) { probe.value("status").stale })
        let gone = probe.value("status")
        #expect(gone.value == .record(["n": .number(1)]))
        #expect(gone.error == "\(probe.path("status.json")) does not exist")
        #expect(gone.updated == SourceProbe.epoch)
        #expect(probe.logged == ["source 'status' failed: \(probe.path("status.json")) does not exist; keeping its last value"])

        probe.loop.advance(by: 1)
        probe.write(#"{"n": 2}"#, to: "status.json")
        #expect(changed(probe) { !probe.value("status").stale })
        #expect(probe.value("status") == SourceValue(value: .record(["n": .number(2)]), stale: false,
                                                      updated: SourceProbe.epoch + probe.loop.now, error: nil))
        #expect(probe.logged.last == "source 'status' recovered")
    }

    /// Deleted, created empty, then written: one read, of the whole file, and nothing logged.
    @Test func aFileWrittenInStepsIsReadOnceComplete() {
        let probe = SourceProbe([Self.spec()])
        probe.write(#"{"n": 1}"#, to: "status.json")
        probe.settle { !probe.value("status").stale }
        let changes = probe.changes.count
        probe.remove("status.json")
        let fd = open(probe.path("status.json"), O_WRONLY | O_CREAT | O_EXCL, 0o644)
        probe.loop.advance(by: 0.01)
        _ = #"{"n": 2}"#.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        #expect(changed(probe) { probe.value("status").value == .record(["n": .number(2)]) })
        #expect(probe.changes.count == changes + 1)
        #expect(probe.logged.isEmpty)
    }

    @Test func aMissingFileAtStartIsStaleUntilItAppears() {
        let probe = SourceProbe([Self.spec()])
        #expect(probe.settle { probe.value("status").error != nil })
        #expect(probe.value("status").stale)
        #expect(probe.value("status").value == .null)
        probe.write(#"[1, 2]"#, to: "status.json")
        #expect(changed(probe) { probe.value("status").value == .list([.number(1), .number(2)]) })
        #expect(probe.value("status").error == nil)
    }

    @Test func malformedJSONIsAFailureThatKeepsTheLastValue() {
        let probe = SourceProbe([Self.spec()])
        probe.write(#"{"n": 1}"#, to: "status.json")
        probe.settle { !probe.value("status").stale }
        probe.write(#"{"n": "#, to: "status.json")
        #expect(changed(probe) { probe.value("status").stale })
        #expect(probe.value("status").value == .record(["n": .number(1)]))
        #expect(probe.value("status").error?.contains("is not valid JSON") == true)
        probe.write(#"{"n": 5}"#, to: "status.json")
        #expect(changed(probe) { probe.value("status").value == .record(["n": .number(5)]) })
        #expect(!probe.value("status").stale)
    }

    @Test func aFileLargerThanTheLimitIsRefused() {
        let probe = SourceProbe([Self.spec(maximumBytes: 16)])
        probe.write(#"{"n": 1}"#, to: "status.json")
        probe.settle { !probe.value("status").stale }
        probe.write(#"{"text": "\#(String(repeating: "x", count: 100))"}"#, to: "status.json")
        #expect(changed(probe) { probe.value("status").stale })
        #expect(probe.value("status").error == "\(probe.path("status.json")) is larger than the limit of 16 bytes (max_bytes)")
        #expect(probe.value("status").value == .record(["n": .number(1)]))
    }

    /// A FIFO at the path would block a plain read until a writer comes: it is refused at once.
    @Test func aFIFOIsRefusedWithoutBlocking() {
        let probe = SourceProbe([Self.spec()])
        #expect(mkfifo(probe.path("status.json"), 0o600) == 0)
        #expect(probe.settle { probe.value("status").error != nil })
        #expect(probe.value("status").error == "\(probe.path("status.json")) is a FIFO")
        #expect(probe.value("status").stale)
    }

    /// /proc and /sys never report a change: `interval` reads them again.
    @Test func anIntervalReadsAgainWithoutAChange() {
        let probe = SourceProbe([Self.spec("/proc/uptime", format: .text, interval: 2)])
        #expect(probe.settle { !probe.value("status").stale })
        guard case .text(let first) = probe.value("status").value else {
            Issue.record("expected text, found \(probe.value("status").value)")
            return
        }
        #expect(first.split(separator: " ").count == 2)
        probe.loop.advance(by: 2)
        #expect(probe.value("status").updated == SourceProbe.epoch + 2)
    }

    @Test func yamlAndTextFormats() {
        let probe = SourceProbe([
            SourceSpec(name: "settings", kind: .file(path: "settings.yaml", format: .yaml, interval: nil)),
            SourceSpec(name: "motd", kind: .file(path: "motd", format: .auto, interval: nil)),
        ])
        probe.write("mode: eco\nlevel: 3\n", to: "settings.yaml")
        probe.write("Welcome\n", to: "motd")
        #expect(probe.settle { !probe.value("settings").stale && !probe.value("motd").stale })
        #expect(probe.value("settings").value == .record(["mode": .text("eco"), "level": .number(3)]))
        #expect(probe.value("motd").value == .text("Welcome"))
    }

    @Test func stoppedSourcesReadNothingMore() {
        let probe = SourceProbe([Self.spec()])
        probe.write(#"{"n": 1}"#, to: "status.json")
        probe.settle { !probe.value("status").stale }
        probe.set.stop()
        probe.write(#"{"n": 2}"#, to: "status.json")
        probe.settle(attempts: 50) { false }
        #expect(probe.value("status").value == .record(["n": .number(1)]))
        #expect(probe.loop.armedTimerCount == 0)
    }
}
