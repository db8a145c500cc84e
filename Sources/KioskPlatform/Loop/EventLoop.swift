import CLinux
import Glibc

/// The kiosk's single event loop on a device: one epoll set holding input, display, timers (one
/// timerfd on the monotonic clock), signals (signalfd), file watches (inotify) and sockets.
/// Everything it calls back runs on the main actor, one callback at a time. With nothing to do it
/// blocks in epoll_wait with no timeout: a kiosk at rest costs zero wakeups. `VirtualLoop` is the
/// same `Scheduler` on a clock moved by hand.
public final class EventLoop: Scheduler {
    private let epoll: OwnedDescriptor
    /// Each descriptor's callback, told which readiness woke it.
    private var readinessCallbacks: [UInt64: (_ readable: Bool, _ writable: Bool) -> Void] = [:]
    private var descriptors: [UInt64: Int32] = [:]
    /// Signal sources and file watches, kept alive while registered.
    private var ownedSources: [UInt64: AnyObject] = [:]
    private var nextID: UInt64 = 1
    private var timerSource: TimerSource?
    private var timerSourceID: EventSourceID?
    private var isStopRequested = false
    /// Reused by every wait, so a wakeup allocates nothing.
    private var readyEvents = [epoll_event](repeating: epoll_event(), count: 32)

    /// How many times epoll_wait has returned: tests use it to prove the loop stays asleep.
    public private(set) var wakeupCount = 0
    /// A failure of the timer source seen inside a callback, thrown by the next `runOnce()`.
    private var timerFailure: LoopError?

    public init() throws(LoopError) {
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { throw .cannotCreate("epoll set", reason: LoopError.reason()) }
        epoll = OwnedDescriptor(fd)
    }

    /// Seconds on the monotonic clock that timers and input timestamps use.
    public var now: Double { MonotonicClock.now() }

    // MARK: Descriptors

    /// Watches a descriptor for reading and/or writing (level-triggered); `handler` hears which.
    /// Hang-ups and errors count as readable, so a read reports them.
    @discardableResult
    public func addDescriptor(fileDescriptor: Int32, readable: Bool, writable: Bool,
                              _ handler: @escaping (_ readable: Bool, _ writable: Bool) -> Void) throws(LoopError) -> EventSourceID {
        let id = EventSourceID(rawValue: nextID)
        nextID += 1
        var event = epoll_event()
        event.events = Self.events(readable: readable, writable: writable)
        event.data.u64 = id.rawValue
        guard epoll_ctl(epoll.rawValue, EPOLL_CTL_ADD, fileDescriptor, &event) == 0 else {
            throw .cannotWatchDescriptor(fileDescriptor, reason: LoopError.reason())
        }
        readinessCallbacks[id.rawValue] = handler
        descriptors[id.rawValue] = fileDescriptor
        return id
    }

    /// Changes what a descriptor added with `addDescriptor` is watched for.
    public func setInterest(_ id: EventSourceID, readable: Bool, writable: Bool) throws(LoopError) {
        guard let fd = descriptors[id.rawValue] else { return }
        var event = epoll_event()
        event.events = Self.events(readable: readable, writable: writable)
        event.data.u64 = id.rawValue
        guard epoll_ctl(epoll.rawValue, EPOLL_CTL_MOD, fd, &event) == 0 else {
            throw .cannotWatchDescriptor(fd, reason: LoopError.reason())
        }
    }

    private static func events(readable: Bool, writable: Bool) -> UInt32 {
        (readable ? EPOLLIN.rawValue : 0) | (writable ? EPOLLOUT.rawValue : 0)
    }

    /// Stops watching a descriptor, signal set or file. Safe from inside a callback, and for an id
    /// already removed. Remove a descriptor before closing it.
    public func remove(_ id: EventSourceID) {
        guard let fd = descriptors.removeValue(forKey: id.rawValue) else { return }
        epoll_ctl(epoll.rawValue, EPOLL_CTL_DEL, fd, nil)
        readinessCallbacks[id.rawValue] = nil
        ownedSources[id.rawValue] = nil
    }

    // MARK: Signals and files

    /// Blocks `signals` for ordinary delivery and reports them here instead. Block them early in
    /// `main`, before other threads start, so no thread receives them the ordinary way.
    @discardableResult
    public func addSignals(_ signals: Set<LoopSignal>, _ handler: @escaping (LoopSignal) -> Void) throws(LoopError)
        -> EventSourceID {
        let source = try SignalSource(signals: signals, handler: handler)
        let id = try addReadable(fileDescriptor: source.fileDescriptor) { [unowned source] in source.drain() }
        ownedSources[id.rawValue] = source
        return id
    }

    /// Reports changes to the file at `path`, including its replacement by a rename and its
    /// creation after being absent. The directory must exist.
    @discardableResult
    public func addFileWatch(path: String, _ handler: @escaping (FileChange) -> Void) throws(LoopError) -> EventSourceID {
        let watch = try FileWatch(path: path, handler: handler)
        let id = try addReadable(fileDescriptor: watch.fileDescriptor) { [unowned watch] in watch.drain() }
        ownedSources[id.rawValue] = watch
        return id
    }

    // MARK: Timers

    /// Calls `handler` at `deadline` on the monotonic clock (`now`), then every `interval` seconds.
    /// Timers due together fire in deadline order.
    @discardableResult
    public func addTimer(at deadline: Double, repeating interval: Double?,
                         _ handler: @escaping () -> Void) throws(LoopError) -> TimerID {
        let timers = try timers()
        let id = TimerID(rawValue: nextID)
        nextID += 1
        try timers.schedule(id, at: deadline, repeating: interval, handler: handler)
        return id
    }

    /// Disarms a timer; nothing happens if it already fired (one-shot) or was cancelled.
    public func cancelTimer(_ id: TimerID) { timerSource?.cancel(id) }

    public func isTimerArmed(_ id: TimerID) -> Bool { timerSource?.contains(id) ?? false }

    public var armedTimerCount: Int { timerSource?.armedCount ?? 0 }

    private func timers() throws(LoopError) -> TimerSource {
        if let timerSource { return timerSource }
        let source = try TimerSource()
        timerSourceID = try addReadable(fileDescriptor: source.fileDescriptor) { [unowned self, unowned source] in
            do throws(LoopError) { try source.fireDueTimers() } catch { self.timerFailure = error }
        }
        timerSource = source
        return source
    }

    // MARK: Running

    /// Waits for events and dispatches them until `stop()` is called.
    public func run() throws(LoopError) {
        isStopRequested = false
        while !isStopRequested {
            try runOnce()
        }
    }

    /// Makes `run()` return once the callbacks of the current wakeup are done.
    public func stop() { isStopRequested = true }

    /// Waits once (as long as it takes) and dispatches what is ready. Not reentrant: callbacks
    /// must not run the loop themselves.
    public func runOnce() throws(LoopError) {
        let capacity = Int32(readyEvents.count)
        // No timeout: timers are a descriptor too.
        let count = epoll_wait(epoll.rawValue, &readyEvents, capacity, -1)
        wakeupCount += 1
        guard count >= 0 else {
            if errno == EINTR { return }
            throw .waitFailed(reason: LoopError.reason())
        }
        for index in 0..<Int(count) {
            // Looked up now: an earlier callback of this round may have removed the source.
            let ready = readyEvents[index]
            guard let handler = readinessCallbacks[ready.data.u64] else { continue }
            let readable = ready.events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0
            handler(readable, ready.events & EPOLLOUT.rawValue != 0)
        }
        if let timerFailure {
            self.timerFailure = nil
            throw timerFailure
        }
    }
}
