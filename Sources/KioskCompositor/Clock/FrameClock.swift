/// Hands out frame times. Animations are evaluated at the time the frame will be seen, not at the
/// time it is painted.
public protocol FrameClock: AnyObject {
    /// Seconds on this clock now.
    var now: Double { get }
    /// Time between two refreshes of the display.
    var refreshInterval: Double { get }
    /// When a frame started now would reach the screen: the next refresh.
    var nextPresentationTime: Double { get }
}

/// The headless clock: time moves only when the runtime advances it, so a script gives the same
/// frames, and the same pixels, on every machine.
public final class VirtualClock: FrameClock {
    public private(set) var now: Double
    public let refreshInterval: Double

    public init(start: Double = 0, refreshRate: Double = 60) {
        now = start
        refreshInterval = 1 / refreshRate
    }

    /// Always strictly later than now: a time that is itself a refresh (up to rounding) moves on
    /// to the next one, so a frame loop can never stand still.
    public var nextPresentationTime: Double {
        let ticks = (now / refreshInterval + 1e-6).rounded(.down) + 1
        return ticks * refreshInterval
    }

    public func advance(by seconds: Double) {
        now += max(0, seconds)
    }

    public func advance(to time: Double) {
        now = max(now, time)
    }
}
