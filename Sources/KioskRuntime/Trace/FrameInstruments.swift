import KioskCompositor
import KioskPlatform

/// What `kiosk run` measures about its frames: the figures `kiosk ctl stats` answers with, and,
/// with `--trace FILE.json`, a trace of every frame, timer and I/O handler.
final class FrameInstruments {
    let statistics = FrameStatistics()
    let trace: FrameTrace?

    init(trace: FrameTrace? = nil, frames: FrameLoop? = nil) {
        self.trace = trace
        if let frames { attach(to: frames) }
    }

    /// With a trace when the command line has `--trace FILE`.
    convenience init(arguments: Arguments, frames: FrameLoop? = nil) throws {
        let trace = try arguments.value("trace").map { path throws(FrameTrace.OpenError) in try FrameTrace(path: path) }
        self.init(trace: trace, frames: frames)
    }

    func attach(to frames: FrameLoop) {
        frames.addObserver(statistics)
        if let trace { frames.addObserver(trace) }
    }

    /// `loop` itself, or when tracing, a scheduler that records each timer and I/O handler it runs.
    func scheduler(for loop: any Scheduler) -> any Scheduler {
        guard let trace else { return loop }
        return TracingScheduler(loop, trace: trace)
    }

    /// Ends the trace file (a trace cut short by a crash still opens: the array form allows it).
    func close() { trace?.close() }
}
