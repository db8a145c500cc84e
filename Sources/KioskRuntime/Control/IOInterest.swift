import KioskPlatform
/// Which readiness a file descriptor is waited for.
nonisolated public struct IOInterest: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let readable = IOInterest(rawValue: 1 << 0)
    public static let writable = IOInterest(rawValue: 1 << 1)
}

/// The event loop as the control server sees it: descriptors come and go with clients, a client is
/// watched for writability only while it has output queued (level-triggered readiness is assumed),
/// and one wake-up time tells when idle clients are next due to be closed. The runtime implements
/// this over epoll (`EPOLL_CTL_ADD/MOD/DEL`) and its timers and routes readiness back to
/// `ControlServer.handleReadable(_:)` / `handleWritable(_:)` / `handleWakeUp()`; tests implement it
/// with poll() and a virtual clock.
public protocol IOInterestRegistry: AnyObject {
    /// Starts watching `descriptor`, or changes what it is watched for. An empty set keeps the
    /// descriptor registered but quiet (a client held back until its replies drain). Throws when
    /// the loop refuses it (descriptor or memory limits): the server then drops that client.
    func setInterest(_ interest: IOInterest, for descriptor: Int32) throws(LoopError)
    /// Stops watching `descriptor`; called just before the server closes it.
    func removeInterest(for descriptor: Int32)
    /// Seconds on the loop's clock.
    var now: Double { get }
    /// Asks for one `ControlServer.handleWakeUp()` at `deadline` on the loop's clock, replacing an
    /// earlier request; nil cancels it.
    func setWakeUp(at deadline: Double?)
}
