import Foundation
import Glibc
@testable import KioskPlatform

/// A pipe whose ends close when the test is done with it.
final class LoopTestPipe {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "pipe failed")
        (readEnd, writeEnd) = (ends[0], ends[1])
        // Non-blocking so drain() stops when the pipe is empty.
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    isolated deinit {
        close(readEnd)
        close(writeEnd)
    }

    func writeByte() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Reads everything pending; returns how many bytes there were.
    @discardableResult
    func drain() -> Int {
        var buffer = [UInt8](repeating: 0, count: 64)
        var total = 0
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { return total }
            total += count
        }
    }

    /// Writes one byte from another thread after a pause, as an outside event would arrive.
    func writeByteFromAnotherThread(after seconds: Double) {
        let fd = writeEnd
        Thread.detachNewThread {
            usleep(UInt32(seconds * 1_000_000))
            var byte: UInt8 = 1
            _ = write(fd, &byte, 1)
        }
    }
}

extension EventLoop {
    /// Stops the loop if a test's expected event never comes, so a broken loop fails the test
    /// instead of hanging the run.
    func stopIfStuck(after seconds: Double = 10, noting flag: @escaping () -> Void = {}) throws -> TimerID {
        try addTimer(after: seconds) { [unowned self] in
            flag()
            stop()
        }
    }
}
