import Glibc

/// Puts new contents at a path by writing them beside it and renaming them over it. A reader sees
/// the old file or the new one, never part of one (a viewer that watches the headless frame, a
/// kiosk that watches its config), and whatever was at the path is replaced, not written through:
/// a link is not followed to a file elsewhere, and a FIFO does not hold the writer until something
/// reads it.
public enum FileReplacement {
    /// `permissions`, when given, are the new file's exactly (a config keeps its own); otherwise it
    /// is made 0644 less the umask, as any new file. `durably` flushes the contents to the disk
    /// before the rename, so that a power cut leaves the old file or the whole new one.
    public static func replace(_ path: String, with bytes: [UInt8], permissions: mode_t? = nil,
                               durably: Bool = false) throws(FileReplacementError) {
        // In the same directory, so that the rename is one step of one file system.
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = directory + ".\(name).\(getpid()).partial"
        // Left by a writer that stopped half way; O_EXCL then refuses anything planted there.
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions ?? 0o644)
        guard descriptor >= 0 else { throw FileReplacementError(path: path, step: "cannot create \(temporary)") }
        func abandon(_ step: String) -> FileReplacementError {
            let error = FileReplacementError(path: path, step: step)
            close(descriptor)
            unlink(temporary)
            return error
        }
        if let permissions, fchmod(descriptor, permissions) != 0 { throw abandon("cannot set the permissions of \(temporary)") }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw abandon("cannot write \(temporary)") }
            offset += count
        }
        if durably, fsync(descriptor) != 0 { throw abandon("cannot flush \(temporary) to the disk") }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = FileReplacementError(path: path, step: "cannot rename \(temporary) over it")
            unlink(temporary)
            throw error
        }
    }
}

/// Why a path was not replaced: the step that failed and the system's reason.
public struct FileReplacementError: Error, CustomStringConvertible {
    public let description: String

    init(path: String, step: String) {
        description = "\(path) not written: \(step): \(String(cString: strerror(errno)))"
    }
}
