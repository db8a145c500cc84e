import Glibc

/// Puts new contents at a path by writing them beside it and renaming them over it. A reader sees
/// the old file or the new one, never part of one (a viewer that watches the headless frame), and
/// whatever was at the path is replaced, not written through: a link is not followed to a file
/// elsewhere, and a FIFO does not hold the writer until something reads it.
public enum FileReplacement {
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) throws(FileReplacementError) {
        // In the same directory, so that the rename is one step of one file system.
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = directory + ".\(name).\(getpid()).partial"
        // Left by a writer that stopped half way; O_EXCL then refuses anything planted there.
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw FileReplacementError(path: path, step: "cannot create \(temporary)") }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let error = FileReplacementError(path: path, step: "cannot write \(temporary)")
                close(descriptor)
                unlink(temporary)
                throw error
            }
            offset += count
        }
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
