import KioskPlatform
/// Watches the control server's descriptors with the kiosk's scheduler and routes readiness back
/// to the server: the socket and each client for reading, a client for writing while it has
/// replies or events queued, and one loop timer for closing idle clients.
public final class LoopInterestRegistry: IOInterestRegistry {
    private let loop: any Scheduler
    private var sources: [Int32: EventSourceID] = [:]
    private var wakeUp: TimerID?
    /// Set once the server exists (it registers its listening socket while being made).
    public weak var server: ControlServer?

    public init(loop: any Scheduler) {
        self.loop = loop
    }

    public func setInterest(_ interest: IOInterest, for descriptor: Int32) throws(LoopError) {
        let readable = interest.contains(.readable), writable = interest.contains(.writable)
        if let id = sources[descriptor] {
            try loop.setInterest(id, readable: readable, writable: writable)
            return
        }
        let id = try loop.addDescriptor(fileDescriptor: descriptor, readable: readable, writable: writable) {
            [weak self] canRead, canWrite in
            guard let server = self?.server else { return }
            if canWrite { server.handleWritable(descriptor) }
            if canRead { server.handleReadable(descriptor) }
        }
        sources[descriptor] = id
    }

    public func removeInterest(for descriptor: Int32) {
        if let id = sources.removeValue(forKey: descriptor) { loop.remove(id) }
    }

    public var now: Double { loop.now }

    public func setWakeUp(at deadline: Double?) {
        if let wakeUp { loop.cancelTimer(wakeUp) }
        wakeUp = nil
        guard let deadline else { return }
        do {
            wakeUp = try loop.addTimer(at: deadline) { [weak self] in
                self?.wakeUp = nil
                self?.server?.handleWakeUp()
            }
        } catch {
            // Without the timer idle clients stay until the client limit makes room for a new one.
            server?.logger.error("control socket: idle-client timer not armed: \(error)")
        }
    }
}
