import Glibc

/// Why the kiosk would not write a file a control client asked for.
nonisolated public struct RuntimeFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// New files the kiosk writes on a control client's behalf (`screenshot {"path": …}`), confined to
/// its runtime directory. A client may be any member of the kiosk group; the kiosk must not become
/// its way to overwrite files, or to write through a symlink planted where the file will go: the
/// file is created, never replaced (`O_CREAT|O_EXCL|O_NOFOLLOW`), relative to the directory's
/// descriptor.
nonisolated public enum RuntimeFile {
    /// Writes `contents` to `requested` (a file name, or a path in `directory`) and returns the
    /// path written.
    public static func create(_ requested: String, in directory: String, contents: [UInt8]) throws(RuntimeFileError) -> String {
        let name: String
        if requested.contains("/") {
            guard RuntimeDirectory.directory(of: requested) == directory else {
                throw RuntimeFileError("the kiosk writes files only in its runtime directory \(directory); "
                    + "give a file name, or use `kiosk ctl screenshot FILE`, which writes the file itself")
            }
            name = String(requested[requested.index(after: requested.lastIndex(of: "/")!)...])
        } else {
            name = requested
        }
        guard !name.isEmpty, name != ".", name != ".." else {
            throw RuntimeFileError("\"\(requested)\" is not a file name")
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryDescriptor >= 0 else {
            throw RuntimeFileError("cannot open the runtime directory \(directory): \(String(cString: strerror(errno)))")
        }
        defer { close(directoryDescriptor) }
        let fd = openat(directoryDescriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o640)
        let path = directory + "/" + name
        guard fd >= 0 else {
            let code = errno
            throw RuntimeFileError(code == EEXIST
                ? "\(path) already exists; the kiosk writes new files only, choose another name"
                : "cannot create \(path): \(String(cString: strerror(code)))")
        }
        defer { close(fd) }
        var offset = 0
        while offset < contents.count {
            let written = contents.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let code = errno
                unlinkat(directoryDescriptor, name, 0)
                throw RuntimeFileError("cannot write \(path): \(String(cString: strerror(code)))")
            }
            offset += written
        }
        return path
    }
}
