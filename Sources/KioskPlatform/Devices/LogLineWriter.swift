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

    /// The descriptor written to: the one given, or the writer's own on the same terminal
    /// (`TerminalOutput`), where a write takes what fits and never waits for the rest.
    let fileDescriptor: Int32
    private let ownsFileDescriptor: Bool
    /// What the notice of dropped lines begins with, as the writer's other warnings do.
    let warningPrefix: String
    /// The lock also keeps two threads' lines apart.
    private let state = Mutex(State())

    private struct State {
        /// Lines not written since the last one that was, or written only in part.
        var dropped = 0
        /// A terminal took only the beginning of the last line: the next one starts a line of its own.
        var endsMidLine = false
    }

    /// What one `write` of a line did.
    private enum Outcome {
        case whole
        case cut
        case none
    }

    public init(fileDescriptor: Int32, warningPrefix: String = "warning: ") {
        let own = TerminalOutput.descriptorThatNeverWaits(on: fileDescriptor)
        self.fileDescriptor = own ?? fileDescriptor
        self.ownsFileDescriptor = own != nil
        self.warningPrefix = warningPrefix
    }

    deinit {
        if ownsFileDescriptor { close(fileDescriptor) }
    }

    /// How many lines were dropped since a line last went out.
    public var droppedLines: Int { state.withLock { $0.dropped } }

    /// Writes `line` (which ends with a newline) if the file takes it now; counts it otherwise.
    public func write(_ line: String) {
        state.withLock { state in
            if state.dropped > 0 {
                let count = state.dropped
                let notice = "\(warningPrefix)\(count) log line\(count == 1 ? " was" : "s were") dropped: nothing was reading them\n"
                guard write(notice, in: &state) == .whole else {
                    state.dropped += 1
                    return
                }
                state.dropped = 0
            }
            if write(line, in: &state) != .whole { state.dropped += 1 }
        }
    }

    /// Writes `line` on a line of its own, keeping `state.endsMidLine`; a line cut short counts as
    /// dropped, once.
    private func write(_ line: String, in state: inout State) -> Outcome {
        let outcome = writeNow(state.endsMidLine ? "\n" + line : line)
        switch outcome {
        case .whole: state.endsMidLine = false
        case .cut: state.endsMidLine = true
        case .none: break
        }
        return outcome
    }

    /// Writes `line`, cut to `maximumLineBytes`, in one `write` if the file has room for it now.
    /// Only a terminal takes part of it.
    private func writeNow(_ line: String) -> Outcome {
        guard WriteRoom.of(fileDescriptor) == .some else { return .none }
        let bytes = Self.cut(Array(line.utf8))
        while true {
            let written = bytes.withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
            if written == bytes.count { return .whole }
            if written > 0 { return .cut }
            if written < 0, errno == EINTR { continue }
            return .none
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
