import Foundation
import Glibc
import Testing
@testable import KioskPlatform

@Test func aPipeBecomesReadable() throws {
    let loop = try EventLoop()
    let pipe = LoopTestPipe()
    var received = 0
    let source = try loop.addReadable(fileDescriptor: pipe.readEnd) {
        received += pipe.drain()
        loop.stop()
    }
    pipe.writeByte()
    pipe.writeByte()
    let guardTimer = try loop.stopIfStuck()
    try loop.run()
    loop.cancelTimer(guardTimer)
    #expect(received == 2)

    // Once removed, the descriptor no longer reaches its callback: the byte stays in the pipe.
    loop.remove(source)
    pipe.writeByte()
    try loop.addTimer(after: 0.02) { loop.stop() }
    try loop.run()
    #expect(received == 2)
    #expect(pipe.drain() == 1)
}

@Test func sighupArrivesThroughSignalfd() throws {
    let loop = try EventLoop()
    var signals: [LoopSignal] = []
    try loop.addSignals([.hangup, .terminate, .interrupt]) { signal in
        signals.append(signal)
        loop.stop()
    }
    // Blocked by now, so the signal waits for the signalfd instead of ending the process.
    raise(SIGHUP)
    let guardTimer = try loop.stopIfStuck()
    try loop.run()
    loop.cancelTimer(guardTimer)
    #expect(signals == [.hangup])
}

@Test func aFileReplacedByRenameIsSeen() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loop-watch-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("kiosk.yaml")
    try "panels: []\n".write(to: target, atomically: false, encoding: .utf8)

    let loop = try EventLoop()
    var changes: [FileChange] = []
    try loop.addFileWatch(path: target.path) { change in
        changes.append(change)
        loop.stop()
    }
    // An unrelated file in the same directory is not reported.
    try "x".write(to: directory.appendingPathComponent("other.txt"), atomically: false, encoding: .utf8)
    // What editors do: write a temporary file, then rename it over the original.
    let temporary = directory.appendingPathComponent(".kiosk.yaml.swp")
    try "panels: [home]\n".write(to: temporary, atomically: false, encoding: .utf8)
    #expect(rename(temporary.path, target.path) == 0)
    let guardTimer = try loop.stopIfStuck()
    try loop.run()
    loop.cancelTimer(guardTimer)
    #expect(changes == [.changed])

    // Deleting it is reported as a removal.
    try FileManager.default.removeItem(at: target)
    try loop.run()
    #expect(changes == [.changed, .removed])
}

@Test func aWatchOnAMissingDirectoryIsAClearError() throws {
    let loop = try EventLoop()
    #expect {
        try loop.addFileWatch(path: "/nonexistent-kiosk-dir/kiosk.yaml") { _ in }
    } throws: { error in
        "\(error)".contains("/nonexistent-kiosk-dir/kiosk.yaml") && "\(error)".contains("No such file")
    }
}
