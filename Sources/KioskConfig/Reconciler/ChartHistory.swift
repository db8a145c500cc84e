import KioskUI

/// The values a chart series collects itself (`history: {of: "= sensor.value", keep: 1h,
/// every: 10s}`): one reading every `every` seconds, each kept while it is no older than `keep`.
/// Pure: the caller says what was read and when (the kiosk's scheduler, so a virtual clock drives
/// it in tests).
public struct ChartHistory: Equatable {
    public let keep: Double
    public let every: Double
    /// Every reading still held, oldest first: those within `keep`, and up to `spare` older ones.
    public private(set) var times: [Double] = []
    public private(set) var plotted: [Double] = []

    /// Readings held beyond `keep`: they sit left of the plot's window, so that a new reading
    /// scrolls the plot by a copy instead of drawing it again (see `ChartView`).
    public static let spare = 16

    public init(keep: Double, every: Double) {
        self.keep = keep
        self.every = max(every, 1e-3)
    }

    /// Readings `keep` spans, the first and the last included: the points across the plot.
    public var capacity: Int {
        min(Int((keep / every).rounded(.down)) + 1, ChartSeries.maximumCount)
    }

    /// The readings no older than `keep`, oldest first.
    public var values: [Double] {
        guard let newest = times.last else { return [] }
        let oldest = newest - keep - every / 2
        return Array(plotted.suffix(min(capacity, times.count - times.prefix { $0 < oldest }.count)))
    }

    /// Adds a reading taken at `time` and lets go of those older than `keep` (a reading exactly
    /// `keep` old stays), beyond the spare ones. A value that is not finite is skipped.
    public mutating func record(_ value: Double, at time: Double) {
        guard value.isFinite, time.isFinite else { return }
        times.append(time)
        plotted.append(value)
        // Half a period of slack: timers on a real loop fire a little late.
        let oldest = time - keep - (Double(Self.spare) + 0.5) * every
        let drop = max(times.prefix { $0 < oldest }.count, times.count - min(capacity + Self.spare, ChartSeries.maximumCount))
        if drop > 0 {
            times.removeFirst(drop)
            plotted.removeFirst(drop)
        }
    }
}
