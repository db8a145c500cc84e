import Glibc

/// A file opened for reading only once it is known to be a regular file.
///
/// Paths in a config are written by people and replaced by tools: a FIFO, a device or a directory
/// at such a path must not block the kiosk (a plain `open` of a FIFO waits for a writer, and a read
/// of a device may never end). The file is opened `O_NONBLOCK`, so opening never waits, then
/// `fstat`-checked on the descriptor itself, so what is checked is what is read.
///
/// Symbolic links are followed by default: `/etc/kiosk/kiosk.yaml` linked to a versioned file is
/// a normal deployment. A loop of links is reported as one. `followingSymlinks: false` adds
/// `O_NOFOLLOW`, for paths whose last component must not be a link.
public final class RegularFile {
    private let descriptor: Int32
    public let path: String
    /// The size `fstat` reported when the file was opened.
    public let size: Int
    /// When the file's contents last changed (`st_mtim`), in nanoseconds since the epoch.
    public let modificationTime: Int64

    public init(path: String, followingSymlinks: Bool = true) throws(RegularFileError) {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingSymlinks ? 0 : O_NOFOLLOW)
        var fd: Int32
        repeat { fd = open(path, flags) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw RegularFileError(openErrno: errno, path: path, followingSymlinks: followingSymlinks) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = RegularFileError(path: path, problem: .unreadable(String(cString: strerror(errno))))
            close(fd)
            throw error
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw RegularFileError(path: path, problem: .notRegular(RegularFileError.kind(of: info.st_mode)))
        }
        descriptor = fd
        self.path = path
        size = Int(info.st_size)
        modificationTime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    deinit { close(descriptor) }

    /// Every byte of the file, refusing one larger than `limit` without reading past it.
    public func readAll(limit: Int) throws(RegularFileError) -> [UInt8] {
        guard size <= limit else { throw RegularFileError(path: path, problem: .tooLarge(limit: limit)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 1)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        // Up to one byte past the limit: a file that grew since `fstat` is still refused.
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw RegularFileError(path: path, problem: .unreadable(String(cString: strerror(errno)))) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        guard bytes.count <= limit else { throw RegularFileError(path: path, problem: .tooLarge(limit: limit)) }
        return bytes
    }

    /// Opens, checks and reads `path` in one step.
    public static func contents(of path: String, limit: Int, followingSymlinks: Bool = true) throws(RegularFileError) -> [UInt8] {
        try RegularFile(path: path, followingSymlinks: followingSymlinks).readAll(limit: limit)
    }
}

/// Why a path could not be read as a regular file, in words for a log line or a config error.
public struct RegularFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case doesNotExist
        case permissionDenied
        /// What it is instead: "a FIFO", "a directory", "a socket", "a device"…
        case notRegular(String)
        case symlinkLoop
        /// `followingSymlinks: false` and the path is a link.
        case symlink
        case tooLarge(limit: Int)
        case unreadable(String)
    }

    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    init(openErrno code: Int32, path: String, followingSymlinks: Bool) {
        self.path = path
        switch code {
        case ENOENT, ENOTDIR: problem = .doesNotExist
        case EACCES, EPERM: problem = .permissionDenied
        // With O_NOFOLLOW a link as the last component also fails with ELOOP.
        case ELOOP:
            var info = stat()
            let isLink = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
            problem = !followingSymlinks && isLink && stat(path, &info) == 0 ? .symlink : .symlinkLoop
        case EISDIR: problem = .notRegular("a directory")
        case ENXIO: problem = .notRegular("a socket or a device with nothing behind it")
        default: problem = .unreadable(String(cString: strerror(code)))
        }
    }

    /// What a file of this `st_mode` is, for a message: "a FIFO", "a directory", "a socket"…
    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a regular file"
        }
    }

    /// "is a FIFO", "does not exist", "is a symlink loop"… (the caller names the file).
    public var reason: String {
        switch problem {
        case .doesNotExist: "does not exist"
        case .permissionDenied: "cannot be read (permission denied; check its owner and mode)"
        case .notRegular(let kind): kind == "not a regular file" ? "is not a regular file" : "is \(kind)"
        case .symlinkLoop: "is a symlink loop (links that lead back to each other)"
        case .symlink: "is a symbolic link, which is not followed here"
        case .tooLarge(let limit): "is too large (more than \(Self.formatted(limit)))"
        case .unreadable(let reason): "cannot be read (\(reason))"
        }
    }

    public var description: String { "\(path) \(reason)" }

    private static func formatted(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0 ? "\(bytes / 1024 / 1024) MB" : "\(bytes) bytes"
    }
}
