import CVNCServer
import FoundationEssentials
import Glibc
import Synchronization
import KioskPlatform

/// What a viewer did, as libvncserver's threads report it: framebuffer pixels and X keysyms.
nonisolated enum RemoteInput: Equatable, Sendable {
    case pointer(viewer: Int, x: Int, y: Int, buttons: Int)
    case key(keysym: UInt32, isDown: Bool)
    case viewerConnected(viewer: Int, host: String)
    case viewerLeft(viewer: Int)
}

/// Hands input from the viewers' threads to the loop: `post` appends under a lock and signals an
/// eventfd; the loop, woken by it, takes everything at once. Bounded: a viewer flooding pointer
/// motion replaces its own last motion rather than growing the queue, and past `capacity` events
/// the newest are dropped (and counted) until the loop catches up.
nonisolated final class RemoteInputQueue: @unchecked Sendable {
    static let capacity = 1024

    let fileDescriptor: Int32
    private let pending = Mutex(Pending())

    private struct Pending {
        var events: [RemoteInput] = []
        var dropped = 0
    }

    init() throws(LoopError) {
        let descriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard descriptor >= 0 else { throw .cannotCreate("eventfd for remote input", reason: String(cString: strerror(errno))) }
        fileDescriptor = descriptor
    }

    deinit {
        close(fileDescriptor)
    }

    func post(_ input: RemoteInput) {
        pending.withLock { pending in
            if case .pointer(let viewer, _, _, let buttons) = input, case .pointer(viewer, _, _, buttons)? = pending.events.last {
                // Motion with the same buttons held: only the newest position matters.
                pending.events[pending.events.count - 1] = input
            } else if pending.events.count < Self.capacity {
                pending.events.append(input)
            } else {
                pending.dropped += 1
            }
        }
        var one: UInt64 = 1
        _ = write(fileDescriptor, &one, 8)
    }

    /// Everything posted since the last call, oldest first, and how many events were dropped.
    func take() -> (events: [RemoteInput], dropped: Int) {
        var count: UInt64 = 0
        _ = read(fileDescriptor, &count, 8)
        return pending.withLock { pending in
            let taken = (pending.events, pending.dropped)
            pending = Pending()
            return taken
        }
    }
}
