import Glibc
import KioskCompositor

/// The figures `kiosk ctl stats` prints, over the last frames: frames per second, frame time
/// (from the first step of a frame to the end of its present copy) at p50 and p99, and damaged
/// pixels per frame. Kept in fixed rings, so recording a frame allocates nothing.
public final class FrameStatistics: FrameLoopObserver {
    /// How many recent frames the figures cover.
    public static let window = 600

    private var durations: [Double]
    private var damagedPixels: [Int]
    private var presentedAt: [Double]
    private var next = 0
    public private(set) var framesPresented = 0

    public init() {
        durations = Array(repeating: 0, count: Self.window)
        damagedPixels = Array(repeating: 0, count: Self.window)
        presentedAt = Array(repeating: 0, count: Self.window)
    }

    public func framePresented(by compositor: Compositor, number: Int) {
        let timings = compositor.lastTimings
        durations[next] = timings.duration
        damagedPixels[next] = compositor.lastPaintedPixels
        presentedAt[next] = timings.end
        next = (next + 1) % Self.window
        framesPresented += 1
    }

    public func flipCompleted(at timestamp: Double, shownAt: Double) {}

    /// The figures now; `wakeups` is the event loop's count, nil where the loop does not keep one.
    public func summary(wakeups: Int?) -> Summary {
        let count = min(framesPresented, Self.window)
        let recent = (0..<count).map { (next - 1 - $0 + Self.window) % Self.window }
        let times = recent.map { durations[$0] }.sorted()
        let pixels = recent.map { damagedPixels[$0] }
        var fps = 0.0
        if count > 1, let newest = recent.first, let oldest = recent.last, presentedAt[newest] > presentedAt[oldest] {
            fps = Double(count - 1) / (presentedAt[newest] - presentedAt[oldest])
        }
        func percentile(_ p: Double) -> Double {
            times.isEmpty ? 0 : times[min(times.count - 1, Int(Double(times.count) * p))]
        }
        // `recent` runs newest first: each gap is from a frame to the one after it.
        let longestGap = zip(recent.dropFirst(), recent).map { presentedAt[$1] - presentedAt[$0] }.max() ?? 0
        return Summary(frames: framesPresented, framesPerSecond: fps, frameTimeP50: percentile(0.5),
                       frameTimeP99: percentile(0.99), longestGap: longestGap,
                       damagedPixelsPerFrame: pixels.isEmpty ? 0 : Double(pixels.reduce(0, +)) / Double(pixels.count),
                       wakeups: wakeups, residentBytes: Self.residentBytes())
    }

    /// The summary as `kiosk ctl stats` prints it: times in milliseconds, memory in bytes.
    public func json(wakeups: Int?) -> JSONValue {
        let summary = summary(wakeups: wakeups)
        func rounded(_ value: Double, _ places: Double = 1000) -> JSONValue { .number((value * places).rounded() / places) }
        var members: [String: JSONValue] = [
            "frames": .number(Double(summary.frames)),
            "fps": rounded(summary.framesPerSecond, 10),
            "frame_time_p50_ms": rounded(summary.frameTimeP50 * 1000),
            "frame_time_p99_ms": rounded(summary.frameTimeP99 * 1000),
            "longest_gap_ms": rounded(summary.longestGap * 1000),
            "damaged_pixels_per_frame": rounded(summary.damagedPixelsPerFrame, 1),
        ]
        members["wakeups"] = summary.wakeups.map { .number(Double($0)) } ?? .null
        members["rss_bytes"] = summary.residentBytes.map { .number(Double($0)) } ?? .null
        return .object(members)
    }

    public struct Summary: Equatable, Sendable {
        public var frames: Int
        /// Over the recent frames, from the first one's end to the last one's.
        public var framesPerSecond: Double
        /// In seconds.
        public var frameTimeP50: Double
        public var frameTimeP99: Double
        /// The longest time between two presented frames, in seconds: a frame loop kept from
        /// running (a blocking call) shows here, however quick each frame is.
        public var longestGap: Double
        public var damagedPixelsPerFrame: Double
        public var wakeups: Int?
        public var residentBytes: Int?
    }

    /// The process's resident set, from /proc/self/statm (its second field, in pages).
    public static func residentBytes() -> Int? {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
