import CLinux
import Glibc

/// A program started without a shell, in a process group of its own, in a given directory, with
/// its standard output and error on pipes the kiosk reads without blocking (O_NONBLOCK, O_CLOEXEC)
/// and its standard input on /dev/null. It inherits no other descriptor of the kiosk (the display,
/// input devices, sockets), and starts with default signal handling and no blocked signals,
/// whatever the kiosk itself blocks or ignores.
///
/// Its end is seen without waiting and without SIGCHLD: `exitDescriptor` (a pidfd) becomes readable
/// when it exits, and `reap()` collects its status with WNOHANG.
final class ChildProcess {
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    let pid: pid_t
    /// The read ends of its stdout and stderr (-1 once closed); remove them from the scheduler
    /// before `closeOutput()`.
    private(set) var standardOutput: Int32
    private(set) var standardError: Int32
    /// Readable once the program has exited (closed with this object, so remove it from the
    /// scheduler first); nil on a kernel without pidfd_open (before 5.3): then the caller polls
    /// `reap()` on a timer.
    let exitDescriptor: Int32?
    private(set) var termination: Termination?

    /// Starts `argv[0]` (looked up in PATH when it has no '/') with `argv` as its arguments, in
    /// `directory`.
    init(argv: [String], directory: String) throws(ChildProcessError) {
        guard let program = argv.first, !program.isEmpty else { throw ChildProcessError(program: "", code: ENOENT) }
        var output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { throw ChildProcessError(program: program, code: errno) }
        guard pipe(&errors) == 0 else {
            let code = errno
            output.forEach { close($0) }
            throw ChildProcessError(program: program, code: code)
        }
        for fd in output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        for fd in [output[0], errors[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        posix_spawn_file_actions_addchdir_np(&actions, directory)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        // A group of its own, so a timeout kills what it started too (a script's `sleep`).
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        var arguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        arguments.append(nil)
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, &attributes, arguments, kiosk_environment())
        close(output[1])
        close(errors[1])
        guard result == 0 else {
            close(output[0])
            close(errors[0])
            throw ChildProcessError(program: program, code: result)
        }
        self.pid = pid
        standardOutput = output[0]
        standardError = errors[0]
        let pidfd = pidfd_open(pid, 0)
        exitDescriptor = pidfd >= 0 ? pidfd : nil
    }

    isolated deinit {
        closeOutput()
        if let exitDescriptor { close(exitDescriptor) }
    }

    /// Kills the program and everything in its process group. It is still to be reaped.
    func kill() {
        guard termination == nil else { return }
        _ = Glibc.kill(-pid, SIGKILL)
    }

    /// Collects the program's status if it has exited, without waiting.
    @discardableResult
    func reap() -> Termination? {
        if let termination { return termination }
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, WNOHANG) } while result < 0 && errno == EINTR
        guard result == pid else { return nil }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which are macros C alone sees.
        let signal = status & 0x7f
        termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        return termination
    }

    func closeOutput() {
        if standardOutput >= 0 { close(standardOutput) }
        if standardError >= 0 { close(standardError) }
        standardOutput = -1
        standardError = -1
    }

    func closeStandardOutput() {
        if standardOutput >= 0 { close(standardOutput) }
        standardOutput = -1
    }

    func closeStandardError() {
        if standardError >= 0 { close(standardError) }
        standardError = -1
    }
}

/// A program that could not be started: "cannot run 'x': No such file or directory".
struct ChildProcessError: Error, Equatable, CustomStringConvertible {
    var program: String
    var code: Int32

    var description: String { "cannot run '\(program)': \(String(cString: strerror(code)))" }
}
