import Glibc

/// A failure of the event loop's system calls, naming the call, the object and the reason.
nonisolated public enum LoopError: Error, Equatable, CustomStringConvertible {
    /// epoll, timerfd, signalfd or inotify could not be created (descriptor limit, old kernel).
    case cannotCreate(String, reason: String)
    /// A descriptor could not be added to the epoll set.
    case cannotWatchDescriptor(Int32, reason: String)
    /// The directory holding a watched file cannot be watched.
    case cannotWatchFile(path: String, reason: String)
    /// epoll_wait failed for a reason other than an interrupting signal.
    case waitFailed(reason: String)
    /// The timerfd could not be set to the earliest deadline, so timers would not fire.
    case cannotArmTimer(reason: String)
    /// A timer's deadline or interval is not a finite number of seconds (NaN, infinity) or the
    /// interval is negative: such a timer would never fire, or fire without end.
    case invalidTimer(deadline: Double, interval: Double?)

    static func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    public var description: String {
        switch self {
        case .cannotCreate(let what, let reason):
            "Cannot create the \(what) of the event loop: \(reason). Check the open-file limit (ulimit -n) "
                + "and that the kernel has \(what) support."
        case .cannotWatchDescriptor(let fd, let reason):
            "Cannot add file descriptor \(fd) to the event loop: \(reason)."
        case .cannotWatchFile(let path, let reason):
            "Cannot watch \(path) for changes: \(reason). The directory must exist and be readable; if the "
                + "limit of inotify watches is reached, raise fs.inotify.max_user_watches."
        case .waitFailed(let reason):
            "The event loop could not wait for events: \(reason)."
        case .cannotArmTimer(let reason):
            "The event loop could not arm its timer: \(reason)."
        case .invalidTimer(let deadline, let interval):
            "A timer needs a finite deadline and a finite, non-negative interval; got deadline \(deadline)"
                + (interval.map { " and interval \($0)" } ?? "") + "."
        }
    }
}
