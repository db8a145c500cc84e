import Glibc

/// Writes lines that a reader wants whole and in order (the headless kiosk's events on standard
/// output, read by a script) without ever holding the loop for that reader.
///
/// What the descriptor does not take at once waits in a backlog, and goes as the loop reports room.
/// A reader that stops reading fills the backlog; a line that would overflow it is dropped and
/// counted, and `onDropped` hears the count once the backlog has gone out. A reader that goes away
/// (a closed pipe) ends the output, once, through `onClosed`.
///
/// The descriptor stays blocking: standard output is shared with the shell that started the kiosk,
/// and O_NONBLOCK on it would be the shell's too. Instead, a write is at most PIPE_BUF bytes and is
/// made only after `poll` says there is room (`WriteRoom`), which takes such a write whole without waiting.
/// A terminal says it has room when it has a byte of it, so on a terminal the writer writes to a
/// description of its own that never waits (`TerminalOutput`), and a write takes what fits.
@MainActor public final class QueuedLineWriter {
    /// Bytes that wait for a slow reader at most: a few thousand lines, a bounded amount of memory.
    public static let maximumBacklogBytes = 1 << 20
    static let chunkBytes = Int(PIPE_BUF)

    /// The descriptor written to: the one given, or the writer's own on the same terminal.
    let fileDescriptor: Int32
    private let ownsFileDescriptor: Bool
    private let scheduler: any Scheduler
    private let maximumBacklog: Int
    /// Bytes not written yet, from `backlogStart`.
    private var backlog: [UInt8] = []
    private var backlogStart = 0
    /// The loop's watch for room, only while something waits.
    private var watch: EventSourceID?
    private var droppedSinceReport = 0
    public private(set) var isClosed = false

    /// Hears how many lines were dropped, once those that were kept have gone out.
    public var onDropped: (Int) -> Void = { _ in }
    /// Hears why nothing more will be written (the reader went away, or the descriptor failed).
    public var onClosed: (String) -> Void = { _ in }

    public init(fileDescriptor: Int32, scheduler: any Scheduler, maximumBacklogBytes: Int = QueuedLineWriter.maximumBacklogBytes) {
        let own = TerminalOutput.descriptorThatNeverWaits(on: fileDescriptor)
        self.fileDescriptor = own ?? fileDescriptor
        self.ownsFileDescriptor = own != nil
        self.scheduler = scheduler
        self.maximumBacklog = max(maximumBacklogBytes, 1)
    }

    isolated deinit {
        if let watch { scheduler.remove(watch) }
        if ownsFileDescriptor { Glibc.close(fileDescriptor) }
    }

    /// Bytes waiting for the reader.
    public var pendingBytes: Int { backlog.count - backlogStart }
    /// Lines dropped and not reported yet.
    public var droppedLines: Int { droppedSinceReport }

    /// Queues `line` (a newline is added if it has none) and writes what the descriptor takes now.
    public func write(_ line: String) {
        guard !isClosed else { return }
        var bytes = Array(line.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        guard pendingBytes + bytes.count <= maximumBacklog else {
            droppedSinceReport += 1
            return
        }
        // What went out is let go once it is half the backlog: the array stays within twice the limit.
        if backlogStart > 0, backlogStart >= backlog.count / 2 {
            backlog.removeFirst(backlogStart)
            backlogStart = 0
        }
        backlog += bytes
        flush()
    }

    /// Writes what waits, for up to `seconds`, then reports what was dropped or is left: for the
    /// end of a run, when the loop no longer turns.
    public func finish(waitingUpTo seconds: Double) {
        let deadline = MonotonicClock.now() + max(seconds, 0)
        while !isClosed, pendingBytes > 0 {
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { break }
            switch WriteRoom.of(fileDescriptor, waitingMilliseconds: Int32(min(remaining * 1000, 1000).rounded(.up))) {
            case .some: flush()
            case .none: continue
            case .gone: close(because: "nothing reads it any more")
            }
        }
        if let watch {
            scheduler.remove(watch)
            self.watch = nil
        }
        let unwritten = backlog[backlogStart...].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        if !isClosed, droppedSinceReport + unwritten > 0 { onDropped(droppedSinceReport + unwritten) }
        droppedSinceReport = 0
        backlog = []
        backlogStart = 0
    }

    // MARK: Writing

    /// Writes chunks of the backlog while the descriptor has room, then watches for room if
    /// anything is left, or reports drops if nothing is.
    private func flush() {
        while pendingBytes > 0 {
            switch WriteRoom.of(fileDescriptor) {
            case .none:
                watchForRoom()
                return
            case .gone:
                close(because: "nothing reads it any more")
                return
            case .some:
                break
            }
            let count = min(pendingBytes, Self.chunkBytes)
            let written = backlog.withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress! + backlogStart, count) }
            if written > 0 {
                backlogStart += written
                continue
            }
            let code = errno
            if written < 0, code == EINTR { continue }
            if written < 0, code == EAGAIN || code == EWOULDBLOCK {
                watchForRoom()
                return
            }
            close(because: code == EPIPE ? "nothing reads it any more" : String(cString: strerror(code)))
            return
        }
        backlog = []
        backlogStart = 0
        stopWatching()
        if droppedSinceReport > 0 {
            let count = droppedSinceReport
            droppedSinceReport = 0
            onDropped(count)
        }
    }

    /// Asks the loop to say when there is room. A descriptor epoll cannot watch (a regular file,
    /// /dev/null) always has room, so the next write carries on instead.
    private func watchForRoom() {
        guard watch == nil else { return }
        watch = try? scheduler.addDescriptor(fileDescriptor: fileDescriptor, readable: false, writable: true) { [unowned self] _, _ in
            flush()
        }
    }

    private func stopWatching() {
        guard let watch else { return }
        scheduler.remove(watch)
        self.watch = nil
    }

    private func close(because reason: String) {
        isClosed = true
        backlog = []
        backlogStart = 0
        droppedSinceReport = 0
        stopWatching()
        onClosed(reason)
    }
}
