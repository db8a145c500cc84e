import KioskPlatform

/// A `Scheduler` that runs everything on another one and records, in a `FrameTrace`, how long
/// each timer and each descriptor handler ran: the runtime's timers (panel timers, the clock, the
/// frame timer) and its I/O (control socket, sources) show in the trace without each knowing it.
public final class TracingScheduler: Scheduler {
    public let base: any Scheduler
    private let trace: FrameTrace

    public init(_ base: any Scheduler, trace: FrameTrace) {
        self.base = base
        self.trace = trace
    }

    public var now: Double { base.now }
    public var armedTimerCount: Int { base.armedTimerCount }

    @discardableResult
    public func addTimer(at deadline: Double, repeating interval: Double?, _ handler: @escaping () -> Void) throws(LoopError)
        -> TimerID {
        try base.addTimer(at: deadline, repeating: interval) { [trace] in
            let start = MonotonicClock.now()
            handler()
            trace.timer(from: start, to: MonotonicClock.now())
        }
    }

    public func cancelTimer(_ id: TimerID) { base.cancelTimer(id) }
    public func isTimerArmed(_ id: TimerID) -> Bool { base.isTimerArmed(id) }

    @discardableResult
    public func addDescriptor(fileDescriptor: Int32, readable: Bool, writable: Bool,
                              _ handler: @escaping (_ readable: Bool, _ writable: Bool) -> Void) throws(LoopError) -> EventSourceID {
        try base.addDescriptor(fileDescriptor: fileDescriptor, readable: readable, writable: writable) { [trace] readable, writable in
            let start = MonotonicClock.now()
            handler(readable, writable)
            trace.io(from: start, to: MonotonicClock.now())
        }
    }

    public func setInterest(_ id: EventSourceID, readable: Bool, writable: Bool) throws(LoopError) {
        try base.setInterest(id, readable: readable, writable: writable)
    }

    public func remove(_ id: EventSourceID) { base.remove(id) }
}
