/// How long before a refresh a frame starts painting. Weston starts late in the interval so that
/// input arriving meanwhile still makes the next refresh; how late it can be depends on how long a
/// frame takes to paint, so the window follows the recent paint times: the 99th percentile of the
/// last frames, with a margin, never less than the display's own window nor more than most of the
/// interval.
struct RepaintWindow {
    /// How many recent paint times the percentile covers.
    static let history = 120
    /// Added to the 99th percentile: scheduling jitter between the timer and the paint.
    static let margin = 0.0015
    /// The share of the interval the window may take: beyond it, a frame starts right after the
    /// previous refresh anyway.
    static let largestShare = 0.75

    private var paintTimes: [Double] = []
    private var next = 0

    mutating func record(paintTime seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        if paintTimes.count < Self.history {
            paintTimes.append(seconds)
        } else {
            paintTimes[next] = seconds
            next = (next + 1) % Self.history
        }
    }

    /// The 99th percentile of the recorded paint times (0 before any).
    var slowPaintTime: Double {
        guard !paintTimes.isEmpty else { return 0 }
        let sorted = paintTimes.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    }

    /// The window for a display whose own is `minimum`, refreshing every `interval`.
    func length(minimum: Double, interval: Double) -> Double {
        guard !paintTimes.isEmpty else { return minimum }
        return min(max(minimum, slowPaintTime + Self.margin), interval * Self.largestShare)
    }
}
