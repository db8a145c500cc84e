/// Decides when the next frame may start, from the times flips completed.
///
/// With a real vblank, a flip completes at the vblank after it was submitted, so starting the next
/// frame on completion runs at the refresh rate. Virtual GPUs and many SPI/USB panels complete flips
/// immediately; starting on completion there would render as fast as the CPU allows. The pacer
/// therefore treats a flip as shown no earlier than one refresh interval after the previous one, and
/// lets the next frame start only from that moment: frames never come faster than the mode's rate.
nonisolated public struct FramePacer: Sendable {
    public let refreshInterval: Double
    /// When the last completed frame is (or counts as) shown; nil before the first flip.
    public private(set) var lastPresentationTime: Double?
    /// Hardware vblank timestamps jitter by microseconds; a completion this close to the predicted
    /// vblank is taken as that vblank, so pacing follows the display's real clock instead of drifting.
    private let jitterTolerance: Double

    public init(refreshInterval: Double) {
        precondition(refreshInterval > 0, "a refresh interval must be positive")
        self.refreshInterval = refreshInterval
        jitterTolerance = min(0.0001, refreshInterval * 0.01)
    }

    /// Records a completed flip (its vblank timestamp) and returns when that frame counts as shown.
    @discardableResult
    public mutating func flipCompleted(at timestamp: Double) -> Double {
        var presented = timestamp
        if let last = lastPresentationTime {
            let predicted = last + refreshInterval
            if timestamp < predicted - jitterTolerance { presented = predicted }
        }
        lastPresentationTime = presented
        return presented
    }

    /// The earliest moment a frame requested at `now` may start rendering.
    public func nextFrameStart(requestedAt now: Double) -> Double {
        guard let last = lastPresentationTime else { return now }
        return max(now, last)
    }

    /// When a frame started at `start` will be shown at the earliest: what animations should be
    /// evaluated for.
    public func predictedPresentationTime(forFrameStartingAt start: Double) -> Double {
        guard let last = lastPresentationTime else { return start }
        return max(start, last + refreshInterval)
    }

    /// Forgets the history (after a modeset or a long idle pause).
    public mutating func reset() {
        lastPresentationTime = nil
    }
}
