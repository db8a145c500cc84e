import Glibc

/// Writes a failure that has no caller left to throw to (a deinit) to standard error, unbuffered,
/// so it is not lost on the way out.
nonisolated func reportToStandardError(_ text: String) {
    let line = text + "\n"
    line.utf8CString.withUnsafeBufferPointer { bytes in
        _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count - 1)
    }
}
