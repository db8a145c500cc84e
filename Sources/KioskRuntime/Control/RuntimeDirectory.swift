import Glibc

/// The private directory that holds the control socket and the screenshots the kiosk is asked to
/// write: `$RUNTIME_DIRECTORY` under systemd, else `$XDG_RUNTIME_DIR/kiosk`, else `/tmp/kiosk-UID`.
///
/// Never a fixed name in a directory everyone may write to: another user could create it first,
/// keep the kiosk from starting, and receive the commands `kiosk ctl` sends (a PIN typed into
/// `ctl set`). The directories the kiosk makes itself are created 0700 and, as tmux and ssh-agent
/// do, checked before use: a real directory (not a symlink), owned by this user, closed to others.
nonisolated public struct RuntimeDirectory: Equatable, Sendable {
    public enum Origin: Equatable, Sendable {
        /// `RuntimeDirectory=` in the unit: systemd made it with the owner and mode the unit asks
        /// for (group `kiosk` may enter it).
        case service
        /// Made by the kiosk for this user only.
        case perUser
    }

    public let path: String
    public let origin: Origin

    public init(path: String, origin: Origin) {
        self.path = path
        self.origin = origin
    }

    public var socketPath: String { path + "/control.sock" }

    /// Where the kiosk of `userID` keeps its socket. `temporaryDirectory` is the world-writable
    /// place of the last resort (tests point it elsewhere).
    public static func standard(environment: [String: String], userID: uid_t = geteuid(),
                                temporaryDirectory: String = "/tmp") -> RuntimeDirectory {
        if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, !runtime.isEmpty {
            return RuntimeDirectory(path: String(runtime), origin: .service)
        }
        if let user = environment["XDG_RUNTIME_DIR"], user.hasPrefix("/") {
            return RuntimeDirectory(path: user + "/kiosk", origin: .perUser)
        }
        return RuntimeDirectory(path: "\(temporaryDirectory)/kiosk-\(userID)", origin: .perUser)
    }

    /// Makes the directory if it is the kiosk's to make, then checks that nobody else owns it or
    /// may write into it. Throws naming the owner or the mode, and what to do.
    public func prepare(userID: uid_t = geteuid()) throws(SocketError) {
        if origin == .perUser && mkdir(path, 0o700) != 0 && errno != EEXIST {
            let code = errno
            throw SocketError(operation: "mkdir", path: path, code: code,
                              hint: code == ENOENT ? "its parent directory does not exist" : nil)
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw SocketError(operation: "stat", path: path, code: errno,
                              hint: origin == .service ? "RuntimeDirectory=kiosk in the unit makes it" : nil)
        }
        let mode = info.st_mode & 0o7777
        let what = "the control socket's directory \(path)"
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw SocketError(refusing: path, "\(what) is \(FileOwner.kind(of: info.st_mode)), not a directory, "
                + "owned by \(FileOwner.describe(info.st_uid)); remove it, or choose a socket with --control PATH")
        }
        guard info.st_uid == userID else {
            throw SocketError(refusing: path, "\(what) belongs to \(FileOwner.describe(info.st_uid)), not to "
                + "\(FileOwner.describe(userID)): another user made it, and could read the commands sent to this kiosk; "
                + "remove it, or choose a socket with --control PATH")
        }
        // systemd's directory may let the kiosk group in (RuntimeDirectoryMode=0750); ours admit nobody.
        let forbidden: mode_t = origin == .service ? 0o022 : 0o077
        guard mode & forbidden == 0 else {
            throw SocketError(refusing: path, "\(what) has mode \(String(mode, radix: 8)), open to other users; "
                + (origin == .service ? "RuntimeDirectoryMode= must not let others write (0750)"
                                      : "run chmod 700 \(path)"))
        }
    }

    /// The directory part of a socket path.
    public static func directory(of socketPath: String) -> String {
        guard let slash = socketPath.lastIndex(of: "/") else { return "." }
        return slash == socketPath.startIndex ? "/" : String(socketPath[..<slash])
    }
}

/// Names the users that own files, for messages that say who is in the way.
nonisolated enum FileOwner {
    /// "nobody (uid 65534)", or "uid 1234" for a user without a name.
    static func describe(_ userID: uid_t) -> String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(userID, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name
        else { return "uid \(userID)" }
        return "\(String(cString: name)) (uid \(userID))"
    }

    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: "a symlink"
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        case S_IFIFO: "a FIFO"
        default: "a special file"
        }
    }
}
