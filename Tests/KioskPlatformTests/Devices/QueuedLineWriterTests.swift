import Glibc
import KioskPlatform
import Testing

/// The headless kiosk's events on stdout: whole lines, in order, never waiting for the reader. A slow
/// reader gets them later; one that stops reading loses those past the backlog, counted; one that
/// goes away ends them.
@Suite struct QueuedLineWriterTests {
    typealias Pipe = LogLineWriterTests.Pipe

    /// A writer on `pipe` with what it reports.
    final class Subject {
        let loop = VirtualLoop()
        let writer: QueuedLineWriter
        var dropped: [Int] = []
        var closed: [String] = []

        init(_ pipe: Pipe, maximumBacklogBytes: Int = QueuedLineWriter.maximumBacklogBytes) {
            writer = QueuedLineWriter(fileDescriptor: pipe.writeEnd, scheduler: loop, maximumBacklogBytes: maximumBacklogBytes)
            writer.onDropped = { [unowned self] in dropped.append($0) }
            writer.onClosed = { [unowned self] in closed.append($0) }
        }
    }

    @Test func linesGoOutAtOnceWhenThePipeHasRoom() throws {
        let pipe = try Pipe()
        let subject = Subject(pipe)
        subject.writer.write(#"{"event":"emit","name":"a"}"#)
        subject.writer.write("kiosk: second\n")
        #expect(String(decoding: pipe.drain(), as: UTF8.self) == "{\"event\":\"emit\",\"name\":\"a\"}\nkiosk: second\n")
        #expect(subject.writer.pendingBytes == 0)
        #expect(subject.loop.watchedDescriptorCount == 0, "nothing waits, so the loop watches nothing")
    }

    @Test func aFullPipeKeepsLinesUntilTheReaderReadsThenSendsThemInOrder() throws {
        let pipe = try Pipe()
        pipe.fill()
        let subject = Subject(pipe)
        // Each write returns at once: the pipe is full and blocking, so one that waited would hang here.
        for index in 0..<1_000 { subject.writer.write("line \(index) " + String(repeating: "x", count: 100)) }
        #expect(subject.writer.pendingBytes > 100_000)
        #expect(subject.loop.watchedDescriptorCount == 1)

        // The reader reads as the loop turns: everything arrives, whole and in order, nothing is dropped.
        var received: [UInt8] = []
        for _ in 0..<10_000 where subject.writer.pendingBytes > 0 {
            received += pipe.drain()
            subject.loop.pollDescriptors()
        }
        received += pipe.drain()
        let text = String(decoding: received.drop { $0 == UInt8(ascii: "x") }, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1_000)
        #expect(lines.enumerated().allSatisfy { $0.element == "line \($0.offset) " + String(repeating: "x", count: 100) })
        #expect(subject.dropped.isEmpty && subject.closed.isEmpty)
        #expect(subject.loop.watchedDescriptorCount == 0)
    }

    @Test func aReaderThatStopsLosesTheLinesPastTheBacklogAndTheCountIsReported() throws {
        let pipe = try Pipe()
        pipe.fill()
        let subject = Subject(pipe, maximumBacklogBytes: 10_000)
        for index in 0..<10_000 { subject.writer.write("event \(index)") }
        #expect(subject.writer.pendingBytes <= 10_000)
        let kept = subject.writer.pendingBytes
        #expect(subject.dropped.isEmpty, "the count comes once what was kept has gone")

        var received: [UInt8] = []
        for _ in 0..<1_000 where subject.writer.pendingBytes > 0 {
            received += pipe.drain()
            subject.loop.pollDescriptors()
        }
        received += pipe.drain()
        let lines = String(decoding: received.drop { $0 == UInt8(ascii: "x") }, as: UTF8.self).split(separator: "\n")
        #expect(lines.first == "event 0")
        #expect(lines.enumerated().allSatisfy { $0.element == "event \($0.offset)" }, "the first lines, whole, in order")
        #expect(lines.reduce(0) { $0 + $1.utf8.count + 1 } == kept)
        #expect(subject.dropped == [10_000 - lines.count])
        #expect(subject.writer.droppedLines == 0)
    }

    @Test func aLineLongerThanAPipeBufferArrivesWhole() throws {
        let pipe = try Pipe()
        let subject = Subject(pipe)
        let long = String(repeating: "€", count: 20_000)
        subject.writer.write(long)
        var received: [UInt8] = []
        for _ in 0..<1_000 where subject.writer.pendingBytes > 0 || received.count < long.utf8.count + 1 {
            received += pipe.drain()
            subject.loop.pollDescriptors()
        }
        #expect(String(decoding: received, as: UTF8.self) == long + "\n")
    }

    /// `poll` sees the closed reader before a write would: a write would raise SIGPIPE, which ends
    /// this test's process (the kiosk ignores SIGPIPE as well, for a reader that goes in between).
    @Test func aReaderThatGoesAwayEndsTheOutputOnceWithoutAWrite() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[1]) }
        close(ends[0])
        let loop = VirtualLoop()
        let writer = QueuedLineWriter(fileDescriptor: ends[1], scheduler: loop)
        var closed: [String] = []
        writer.onClosed = { closed.append($0) }
        writer.write("first")
        writer.write("second")
        #expect(closed == ["nothing reads it any more"])
        #expect(writer.isClosed)
        #expect(writer.pendingBytes == 0)
    }

    @Test func finishingWaitsABoundedTimeAndCountsWhatIsLeft() throws {
        let pipe = try Pipe()
        pipe.fill()
        let subject = Subject(pipe)
        for index in 0..<50 { subject.writer.write("line \(index)") }
        let start = MonotonicClock.now()
        subject.writer.finish(waitingUpTo: 0.2)
        let waited = MonotonicClock.now() - start
        #expect(waited >= 0.15 && waited < 5, "waited \(waited) s")
        #expect(subject.dropped == [50])
        #expect(subject.loop.watchedDescriptorCount == 0)
    }
}
