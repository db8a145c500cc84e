import Glibc

/// Whether a write of up to PIPE_BUF bytes goes through a descriptor now, without waiting: `poll`
/// reports a pipe writable when it has a free buffer, which takes such a write whole. The writers
/// that must never wait for a reader (`LogLineWriter`, `QueuedLineWriter`) ask it before each write.
nonisolated enum WriteRoom: Equatable {
    case some
    case none
    /// The reader went away (a closed pipe, a hung-up socket) or the descriptor is not open.
    case gone

    /// The room on `fileDescriptor`, waiting up to `milliseconds` for some.
    static func of(_ fileDescriptor: Int32, waitingMilliseconds milliseconds: Int32 = 0) -> WriteRoom {
        var entry = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { return .gone }
            if entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .gone }
            return ready == 1 && entry.revents & Int16(POLLOUT) != 0 ? .some : .none
        }
    }
}
