import Glibc

/// A terminal of the kiosk's own to write to without waiting.
///
/// `poll` reports a terminal writable when it has room for a single byte: a terminal on hold
/// (Ctrl-S) that was let go for a moment, or a serial console at 115,200 baud, takes part of a
/// line and makes the write wait for the rest. O_NONBLOCK on the descriptor the kiosk was given
/// would be the shell's too, since they share it. So the terminal is opened again, through
/// /proc/self/fd, as a description of the kiosk's own that never waits: a write there takes what
/// there is room for and leaves the rest (EAGAIN).
nonisolated enum TerminalOutput {
    /// For a terminal, a new descriptor on it that never waits (the caller closes it); otherwise,
    /// or if the terminal cannot be opened again, nil.
    static func descriptorThatNeverWaits(on fileDescriptor: Int32) -> Int32? {
        guard isatty(fileDescriptor) == 1 else { return nil }
        let reopened = open("/proc/self/fd/\(fileDescriptor)", O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        return reopened >= 0 ? reopened : nil
    }
}
