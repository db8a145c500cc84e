import Glibc
import Synchronization

/// Writes a running kiosk's log lines to a file descriptor that someone may have stopped reading: a
/// pipe whose reader hangs, a terminal on hold. A line goes only when it can go at once and whole,
/// so the loop that logs never waits for a reader; the lines that cannot go are counted, and the
/// count is written ahead of the next line that can.
nonisolated public final class LogLineWriter: Sendable {
    /// The log on standard error when it is not the journal's stream: a line begins with its level.
    public static let standardError = LogLineWriter(fileDescriptor: STDERR_FILENO)
    /// The log on standard error when it is the journal's stream, which takes a leading `<N>` as the
    /// line's syslog priority (`SyslogLevelPrefix=`, on by default); 4 is a warning's.
    public static let journalStream = LogLineWriter(fileDescriptor: STDERR_FILENO, warningPrefix: "<4>")

    /// A longer line is cut to this many bytes. Up to PIPE_BUF bytes go into a pipe in one piece,
    /// never mixed with another writer's, and without waiting once `poll` says the pipe has room.
    public static let maximumLineBytes = Int(PIPE_BUF)

    let fileDescriptor: Int32
    /// What the notice of dropped lines begins with, as the writer's other warnings do.
    let warningPrefix: String
    /// Lines not written since the last one that was. The lock also keeps two threads' lines apart.
    private let dropped = Mutex(0)

    public init(fileDescriptor: Int32, warningPrefix: String = "warning: ") {
        self.fileDescriptor = fileDescriptor
        self.warningPrefix = warningPrefix
    }

    /// How many lines were dropped since a line last went out.
    public var droppedLines: Int { dropped.withLock { $0 } }

    /// Writes `line` (which ends with a newline) if the file takes it now; counts it otherwise.
    public func write(_ line: String) {
        dropped.withLock { dropped in
            if dropped > 0 {
                let notice = "\(warningPrefix)\(dropped) log line\(dropped == 1 ? " was" : "s were") dropped: nothing was reading them\n"
                guard writeNow(notice) else {
                    dropped += 1
                    return
                }
                dropped = 0
            }
            if !writeNow(line) { dropped += 1 }
        }
    }

    /// Writes `line`, cut to `maximumLineBytes`, in one `write` if the file has room for it now.
    private func writeNow(_ line: String) -> Bool {
        guard WriteRoom.of(fileDescriptor) == .some else { return false }
        let bytes = Self.cut(Array(line.utf8))
        while true {
            let written = bytes.withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
            if written >= 0 { return written > 0 || bytes.isEmpty }
            guard errno == EINTR else { return false }
        }
    }

    /// `bytes`, or their first `maximumLineBytes` ending at a character's start and with a newline.
    static func cut(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > maximumLineBytes else { return bytes }
        var end = maximumLineBytes - 1
        // A UTF-8 continuation byte is 10xxxxxx: back up to the byte that starts its character.
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return Array(bytes[..<end]) + [UInt8(ascii: "\n")]
    }
}
