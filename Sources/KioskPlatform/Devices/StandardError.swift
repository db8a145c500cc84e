import Glibc

/// Messages for the person at the terminal (or the journal's stream), written straight to file
/// descriptor 2: each message in as few writes as the pipe takes, so lines from two threads do not
/// interleave within a message. For commands that end: it waits for a reader that does not read.
/// A running kiosk's log goes through `LogLineWriter`, which does not.
public enum StandardError {
    public static func write(_ message: String) {
        var bytes = Array(message.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
