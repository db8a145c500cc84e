import Glibc
import KioskCompositor
import KioskGraphics
import KioskPlatform

/// Writes what the runtime does to a file in Chrome's trace-event JSON (the array form), which
/// ui.perfetto.dev and chrome://tracing open: each frame as a begin/end pair holding its steps
/// (animate, layout, damage with its area and rectangles, paint, present), each flip, and instants
/// for input events, timers, I/O and source updates, all with the number of the frame they belong
/// to. Events go through stdio's buffer, written out once a frame, so tracing costs a few formatted
/// lines and one write per frame.
public final class FrameTrace: FrameLoopObserver {
    private var file: UnsafeMutablePointer<FILE>?
    private var wroteEvent = false
    /// The frame being made next: what an input event or timer now will be shown by.
    private var nextFrame = 1
    /// The newest frame handed to the display, which its next flip shows.
    private var lastPresentedFrame = 0
    /// At most this many rectangles are listed per frame; the area counts all of them.
    static let listedRectangles = 64

    public struct OpenError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The trace goes to a regular file only: it is written on the frame loop, once a frame, and a
    /// FIFO or a device would hold the loop whenever its reader fell behind (or, with no reader,
    /// hold the start). Opened without waiting, then checked.
    public init(path: String) throws(OpenError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw OpenError(description: "cannot write the trace to \(path): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(descriptor)
            throw OpenError(description: "cannot write the trace to \(path): it is \(RegularFileError.kind(of: info.st_mode)), "
                            + "not a file")
        }
        // O_NONBLOCK stays: on a regular file it changes nothing.
        guard let file = fdopen(descriptor, "w") else {
            Glibc.close(descriptor)
            throw OpenError(description: "cannot write the trace to \(path): \(String(cString: strerror(errno)))")
        }
        self.file = file
        fputs("[\n", file)
        metadata("process_name", ["name": .string("kiosk")])
        metadata("thread_name", ["name": .string("frame loop")])
        // Nothing may sit in stdio's buffer when a library forks (libseat's built-in seat manager
        // does, and its child flushes a copy on exit: the header twice, after the closing bracket).
        fflush(file)
    }

    /// Ends the JSON array and closes the file; later events are dropped. Call it before the trace
    /// goes away: a file left open loses what stdio still buffers.
    public func close() {
        guard let file else { return }
        fputs("\n]\n", file)
        fclose(file)
        self.file = nil
    }

    // MARK: What the runtime reports

    public func framePresented(by compositor: Compositor, number: Int) {
        let timings = compositor.lastTimings
        let frame: [String: TraceValue] = ["frame": .number(Double(number))]
        event(name: "frame", phase: "B", time: timings.start, args: frame)
        complete("animate", from: timings.start, to: timings.layoutStart, args: frame)
        complete("layout", from: timings.layoutStart, to: timings.damageStart, args: frame)
        let damage = compositor.lastDamage
        var rects: [TraceValue] = []
        var rectCount = 0
        damage.forEachRect { rect in
            rectCount += 1
            if rects.count < Self.listedRectangles {
                rects.append(.list([.number(Double(rect.x)), .number(Double(rect.y)),
                                    .number(Double(rect.width)), .number(Double(rect.height))]))
            }
        }
        complete("damage", from: timings.damageStart, to: timings.paintStart,
                 args: ["frame": .number(Double(number)), "area": .number(Double(damage.area)),
                        "rect_count": .number(Double(rectCount)), "rects": .list(rects)])
        complete("paint", from: timings.paintStart, to: timings.presentStart,
                 args: ["frame": .number(Double(number)), "painted_pixels": .number(Double(compositor.lastPaintedPixels))])
        complete("present", from: timings.presentStart, to: timings.end,
                 args: ["frame": .number(Double(number)), "copied_pixels": .number(Double(compositor.lastCopiedPixels))])
        event(name: "frame", phase: "E", time: timings.end, args: frame)
        // One write a frame: a fork meanwhile copies at most this frame's events, and a kiosk that
        // is killed leaves every frame before it in the file.
        if let file { fflush(file) }
        lastPresentedFrame = number
        nextFrame = number + 1
    }

    public func flipCompleted(at timestamp: Double, shownAt: Double) {
        instant("flip", at: timestamp, args: ["frame": .number(Double(lastPresentedFrame)),
                                               "shown_at_us": .number((shownAt * 1e6).rounded())])
    }

    /// An input event read from a device, shown by the next frame.
    public func input(_ event: InputEvent, at time: Double = MonotonicClock.now()) {
        instant("input", at: time, args: ["frame": .number(Double(nextFrame)), "event": .string(Self.describe(event))])
    }

    /// A timer's handler ran from `start` to `end`.
    public func timer(from start: Double, to end: Double) {
        complete("timer", from: start, to: end, args: ["frame": .number(Double(nextFrame))])
    }

    /// A file descriptor's handler (control socket, source, device) ran from `start` to `end`.
    public func io(from start: Double, to end: Double) {
        complete("io", from: start, to: end, args: ["frame": .number(Double(nextFrame))])
    }

    /// A source delivered a new value.
    public func sourceUpdated(_ name: String, at time: Double = MonotonicClock.now()) {
        instant("source update", at: time, args: ["frame": .number(Double(nextFrame)), "source": .string(name)])
    }

    // MARK: Writing

    private static func describe(_ event: InputEvent) -> String {
        String(describing: event).prefix(120).description
    }

    private func metadata(_ name: String, _ args: [String: TraceValue]) {
        write("{\"name\":\"\(name)\",\"ph\":\"M\",\"pid\":1,\"tid\":1,\"args\":\(TraceValue.object(args).json)}")
    }

    private func complete(_ name: String, from start: Double, to end: Double, args: [String: TraceValue]) {
        write("{\"name\":\"\(name)\",\"cat\":\"kiosk\",\"ph\":\"X\",\"ts\":\(Self.microseconds(start)),"
              + "\"dur\":\(Self.microseconds(max(0, end - start))),\"pid\":1,\"tid\":1,\"args\":\(TraceValue.object(args).json)}")
    }

    private func instant(_ name: String, at time: Double, args: [String: TraceValue]) {
        write("{\"name\":\"\(name)\",\"cat\":\"kiosk\",\"ph\":\"i\",\"s\":\"t\",\"ts\":\(Self.microseconds(time)),"
              + "\"pid\":1,\"tid\":1,\"args\":\(TraceValue.object(args).json)}")
    }

    private func event(name: String, phase: String, time: Double, args: [String: TraceValue]) {
        write("{\"name\":\"\(name)\",\"cat\":\"kiosk\",\"ph\":\"\(phase)\",\"ts\":\(Self.microseconds(time)),"
              + "\"pid\":1,\"tid\":1,\"args\":\(TraceValue.object(args).json)}")
    }

    /// Microseconds with three decimals: trace-event timestamps are microseconds.
    private static func microseconds(_ seconds: Double) -> String {
        let nanoseconds = Int((seconds * 1e9).rounded())
        let whole = nanoseconds / 1000, fraction = nanoseconds % 1000
        return "\(whole)." + String(repeating: "0", count: 3 - "\(fraction)".count) + "\(fraction)"
    }

    private func write(_ line: String) {
        guard let file else { return }
        if wroteEvent { fputs(",\n", file) }
        fputs(line, file)
        wroteEvent = true
    }
}

/// The argument values a trace event carries.
enum TraceValue {
    case number(Double)
    case string(String)
    case list([TraceValue])
    case object([String: TraceValue])

    var json: String {
        switch self {
        case .number(let value):
            value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)") : "null"
        case .string(let text): JSONValue.string(text).serialized
        case .list(let items): "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let fields):
            "{" + fields.sorted { $0.key < $1.key }.map { JSONValue.string($0.key).serialized + ":" + $0.value.json }
                .joined(separator: ",") + "}"
        }
    }
}
