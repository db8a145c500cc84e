import CLinux
import Foundation
import Glibc
@testable import KioskPlatform
import Synchronization
import Testing

/// The log and the headless kiosk's events on a terminal: `poll` says a terminal is writable when
/// it has room for part of a line, and a blocking write there waits for the rest. The writers write
/// to a description of the terminal of their own, which never waits, and leave the shell's alone.
@Suite struct TerminalOutputTests {
    /// A pseudo-terminal in raw mode (no output processing), both sides closed with the test.
    final class Terminal {
        let controller: Int32, device: Int32

        init() throws {
            controller = posix_openpt(O_RDWR | O_NOCTTY)
            try #require(controller >= 0)
            try #require(grantpt(controller) == 0 && unlockpt(controller) == 0)
            let name = try #require(ptsname(controller))
            device = open(name, O_RDWR | O_NOCTTY)
            try #require(device >= 0)
            var settings = termios()
            try #require(tcgetattr(device, &settings) == 0)
            cfmakeraw(&settings)
            try #require(tcsetattr(device, TCSANOW, &settings) == 0)
        }

        deinit {
            close(device)
            close(controller)
        }

        var deviceIsBlocking: Bool { fcntl(device, F_GETFL) & O_NONBLOCK == 0 }

        /// Fills the terminal as a reader that stopped reading leaves it (the kernel moves what was
        /// written to the reader's side in the background, so until a write finds no room after a
        /// pause), then lets `count` bytes be read: room for part of a long line.
        func fillLeavingRoom(afterReading count: Int) {
            let writer = open("/proc/self/fd/\(device)", O_WRONLY | O_NONBLOCK | O_NOCTTY)
            defer { close(writer) }
            let block = [UInt8](repeating: UInt8(ascii: "x"), count: 256)
            for _ in 0..<20 {
                while block.withUnsafeBytes({ write(writer, $0.baseAddress, $0.count) }) > 0 {}
                usleep(10_000)
            }
            var taken = [UInt8](repeating: 0, count: count)
            _ = taken.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
            usleep(50_000)
        }

        /// Everything written so far, without the filling.
        func drain() -> String {
            let flags = fcntl(controller, F_GETFL)
            _ = fcntl(controller, F_SETFL, flags | O_NONBLOCK)
            defer { _ = fcntl(controller, F_SETFL, flags) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
                if count > 0 {
                    bytes += chunk[..<count]
                    continue
                }
                // The kernel may still be moving written bytes to this side.
                var entry = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 50) == 1 else { break }
            }
            return String(decoding: bytes.drop { $0 == UInt8(ascii: "x") }, as: UTF8.self)
        }
    }

    /// Reads the terminal if the test has not said it is done within `seconds`, so that a write
    /// that waits for the reader ends and the test fails instead of hanging.
    final class Rescue: Sendable {
        private let done = Atomic(false)
        private let rescued = Atomic(false)

        init(_ terminal: Terminal, after seconds: Int) {
            let controller = terminal.controller
            let thread = Thread { [self] in
                for _ in 0..<(seconds * 100) {
                    if done.load(ordering: .acquiring) { return }
                    usleep(10_000)
                }
                rescued.store(true, ordering: .releasing)
                var chunk = [UInt8](repeating: 0, count: 65536)
                while !done.load(ordering: .acquiring) {
                    _ = chunk.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
                }
            }
            thread.start()
        }

        /// Ends the watch; true if the terminal had to be read for the test to go on.
        func finish() -> Bool {
            done.store(true, ordering: .releasing)
            return rescued.load(ordering: .acquiring)
        }
    }

    @Test func aTerminalIsWrittenThroughADescriptionOfItsOwnAndThePipeAsItIs() throws {
        let terminal = try Terminal()
        let own = try #require(TerminalOutput.descriptorThatNeverWaits(on: terminal.device))
        defer { close(own) }
        #expect(own != terminal.device)
        #expect(fcntl(own, F_GETFL) & O_NONBLOCK != 0)
        #expect(terminal.deviceIsBlocking, "the descriptor shared with the shell keeps its flags")

        let pipe = try LogLineWriterTests.Pipe()
        #expect(TerminalOutput.descriptorThatNeverWaits(on: pipe.writeEnd) == nil)
        #expect(TerminalOutput.descriptorThatNeverWaits(on: -1) == nil)
    }

    @Test func aLogLineATerminalTakesOnlyPartOfIsCutCountedAndTheNextLineStartsAfresh() throws {
        let terminal = try Terminal()
        let writer = LogLineWriter(fileDescriptor: terminal.device)
        terminal.fillLeavingRoom(afterReading: 1000)
        try #require(WriteRoom.of(terminal.device) == .some, "poll says there is room")
        let long = String(repeating: "a", count: LogLineWriter.maximumLineBytes - 1) + "\n"

        let rescue = Rescue(terminal, after: 10)
        writer.write(long)
        #expect(!rescue.finish(), "the write waited for the terminal's reader")
        let cut = writer.droppedLines == 1

        let before = terminal.drain()
        writer.write("info: next\n")
        let text = before + terminal.drain()
        if cut {
            #expect(text.hasSuffix("\nwarning: 1 log line was dropped: nothing was reading them\ninfo: next\n"))
            let start = text.prefix { $0 == "a" }
            #expect(start.count > 0 && start.count < long.utf8.count - 1, "the part the terminal took")
        } else {
            #expect(text == long + "info: next\n", "a terminal with room for the whole line took it")
        }
        #expect(writer.droppedLines == 0)
        #expect(terminal.deviceIsBlocking)
    }

    @MainActor @Test func eventLinesWaitForATerminalWithLittleRoomAndArriveWholeInOrder() throws {
        let terminal = try Terminal()
        let loop = VirtualLoop()
        let writer = QueuedLineWriter(fileDescriptor: terminal.device, scheduler: loop)
        terminal.fillLeavingRoom(afterReading: 1000)
        try #require(WriteRoom.of(terminal.device) == .some, "poll says there is room")
        let lines = (0..<5).map { "event \($0) " + String(repeating: "e", count: 4000) }

        let rescue = Rescue(terminal, after: 10)
        for line in lines { writer.write(line) }
        #expect(!rescue.finish(), "a write waited for the terminal's reader")
        #expect(writer.pendingBytes > 0)

        var received = ""
        for _ in 0..<1_000 where writer.pendingBytes > 0 {
            received += terminal.drain()
            loop.pollDescriptors()
        }
        received += terminal.drain()
        #expect(received == lines.map { $0 + "\n" }.joined())
        #expect(writer.droppedLines == 0)
        #expect(terminal.deviceIsBlocking)
    }
}
