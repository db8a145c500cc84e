import Foundation
import Glibc
import KioskPlatform
import Synchronization
import Testing

/// A running kiosk's log lines never wait for a reader: lines that cannot go at once are counted and
/// said ahead of the next line that goes.
@Suite struct LogLineWriterTests {
    /// A pipe, both ends closed with the test.
    final class Pipe {
        let readEnd: Int32, writeEnd: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            readEnd = ends[0]
            writeEnd = ends[1]
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }

        /// Fills the pipe as a reader that stopped reading would leave it, then makes its write end
        /// blocking again, as standard error is.
        func fill() {
            let flags = fcntl(writeEnd, F_GETFL)
            _ = fcntl(writeEnd, F_SETFL, flags | O_NONBLOCK)
            let block = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
            while block.withUnsafeBytes({ write(writeEnd, $0.baseAddress, $0.count) }) > 0 {}
            _ = fcntl(writeEnd, F_SETFL, flags)
        }

        /// Everything in the pipe now.
        func drain() -> [UInt8] {
            let flags = fcntl(readEnd, F_GETFL)
            _ = fcntl(readEnd, F_SETFL, flags | O_NONBLOCK)
            defer { _ = fcntl(readEnd, F_SETFL, flags) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                guard count > 0 else { return bytes }
                bytes += chunk[..<count]
            }
        }
    }

    @Test func aLineGoesOutWholeWhenThePipeHasRoom() throws {
        let pipe = try Pipe()
        let writer = LogLineWriter(fileDescriptor: pipe.writeEnd)
        writer.write("warning: the first\n")
        writer.write("info: the second\n")
        #expect(String(decoding: pipe.drain(), as: UTF8.self) == "warning: the first\ninfo: the second\n")
        #expect(writer.droppedLines == 0)
    }

    @Test func aFullPipeDropsLinesWithoutWaitingAndTheNextLineSaysHowMany() async throws {
        let pipe = try Pipe()
        pipe.fill()
        let writer = LogLineWriter(fileDescriptor: pipe.writeEnd)
        // On a thread of its own, so that a write that waits fails the test instead of holding it.
        let finished = try await withTimeout(seconds: 10) {
            for index in 0..<10_000 { writer.write("warning: line \(index)\n") }
        }
        guard finished else {
            // The writing thread waits on the pipe: left open, or it would be killed by SIGPIPE.
            _ = Unmanaged.passRetained(pipe)
            Issue.record("a write waited for a reader that does not read")
            return
        }
        #expect(writer.droppedLines == 10_000)

        // The reader reads again: the count comes first, then the line, and nothing is counted.
        let filler = pipe.drain()
        #expect(filler.allSatisfy { $0 == UInt8(ascii: "x") })
        writer.write("info: read again\n")
        #expect(String(decoding: pipe.drain(), as: UTF8.self)
                == "warning: 10000 log lines were dropped: nothing was reading them\ninfo: read again\n")
        #expect(writer.droppedLines == 0)
    }

    /// On the journal's stream the notice is a warning by its priority prefix, as the lines are.
    @Test func theJournalStreamsNoticeHasAWarningsPriority() throws {
        let pipe = try Pipe()
        pipe.fill()
        let writer = LogLineWriter(fileDescriptor: pipe.writeEnd, warningPrefix: "<4>")
        writer.write("<6>lost\n")
        writer.write("<6>lost too\n")
        _ = pipe.drain()
        writer.write("<3>read again\n")
        #expect(String(decoding: pipe.drain(), as: UTF8.self)
                == "<4>2 log lines were dropped: nothing was reading them\n<3>read again\n")
    }

    @Test func aLongLineIsCutAtACharacterWithItsNewline() throws {
        let pipe = try Pipe()
        let writer = LogLineWriter(fileDescriptor: pipe.writeEnd)
        // Three-byte characters after one ASCII byte: the limit falls inside a character.
        let line = "w" + String(repeating: "€", count: 3000) + "\n"
        writer.write(line)
        let written = pipe.drain()
        #expect(written.count <= LogLineWriter.maximumLineBytes)
        #expect(written.count > LogLineWriter.maximumLineBytes - 4)
        #expect(written.last == UInt8(ascii: "\n"))
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.utf8.elementsEqual(written), "the cut split a character")
        #expect(text.hasPrefix("w€€"))
    }

    @Test func aClosedDescriptorCountsTheLine() {
        let writer = LogLineWriter(fileDescriptor: -1)
        writer.write("error: nowhere\n")
        #expect(writer.droppedLines == 1)
    }

    /// Runs `body` on a thread of its own; false when it has not finished after `seconds` (the
    /// thread is then left behind).
    private func withTimeout(seconds: Double, _ body: @escaping @Sendable () -> Void) async throws -> Bool {
        final class Done: Sendable { let flag = Atomic(false) }
        let done = Done()
        Thread.detachNewThread {
            body()
            done.flag.store(true, ordering: .releasing)
        }
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline, !done.flag.load(ordering: .acquiring) {
            try await Task.sleep(for: .milliseconds(10))
        }
        return done.flag.load(ordering: .acquiring)
    }
}
