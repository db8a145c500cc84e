import Glibc
import KioskGraphics
import KioskPlatform

/// What a paced test-pattern run measured.
public struct PatternReport: Sendable {
    public var framesPresented = 0
    public var flipsCompleted = 0
    /// Frames per second over the run, from the start of the first frame to the start of the last.
    public var pacedFrameRate = 0.0
    /// Mean seconds from a commit to its flip event: far below the refresh interval on GPUs
    /// without a real vblank.
    public var meanFlipLatency = 0.0
}

/// Drives a `DRMDisplay` the way the runtime's loop will: present only into a free buffer, wait for
/// the flip event on the descriptor, and start each frame when the `FramePacer` allows.
public struct PatternRun {
    private let display: DRMDisplay
    private var pattern: TestPattern
    private var pacer: FramePacer

    public init(display: DRMDisplay) {
        self.display = display
        pattern = TestPattern(width: display.mode.width, height: display.mode.height,
                              bufferCount: display.buffers.count)
        pacer = FramePacer(refreshInterval: display.refreshInterval)
    }

    /// Animates the bar for `seconds`, then shows the final frame (bar centred) and waits for it.
    public mutating func run(seconds: Double) throws -> PatternReport {
        var report = PatternReport()
        var latencyTotal = 0.0
        var submittedAt = 0.0
        var firstStart: Double?
        var lastStart = 0.0
        var animatedFrames = 0
        let end = MonotonicClock.now() + seconds
        var finalSubmitted = false
        var finalFrameShown = false
        while !finalFrameShown {
            if display.isFlipPending {
                try waitForEvents(timeout: 1)
                for completion in try display.dispatchEvents() {
                    report.flipsCompleted += 1
                    latencyTotal += max(completion.timestamp - submittedAt, 0)
                    pacer.flipCompleted(at: completion.timestamp)
                }
                finalFrameShown = finalSubmitted && !display.isFlipPending
                continue
            }
            let now = MonotonicClock.now()
            let start = pacer.nextFrameStart(requestedAt: now)
            if start > now {
                sleep(seconds: start - now)
                continue
            }
            guard let index = display.nextFreeBuffer() else {
                throw DRMError.invalidPresent(reason: "no free buffer although no flip is pending")
            }
            let isFinal = now >= end
            let x = isFinal ? pattern.finalBarX : pattern.barX(forFrame: report.framesPresented)
            let damage = pattern.draw(barAt: x, into: display.buffers[index], index: index)
            submittedAt = MonotonicClock.now()
            try display.present(bufferIndex: index, damage: damage)
            report.framesPresented += 1
            if !isFinal {
                firstStart = firstStart ?? now
                lastStart = now
                animatedFrames += 1
            }
            finalSubmitted = isFinal
        }
        if let firstStart, lastStart > firstStart {
            // N frame starts span N - 1 frame intervals.
            report.pacedFrameRate = Double(animatedFrames - 1) / (lastStart - firstStart)
        }
        report.meanFlipLatency = latencyTotal / Double(max(report.flipsCompleted, 1))
        return report
    }

    private func waitForEvents(timeout: Double) throws {
        var descriptor = pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(timeout * 1000))
        if ready == 0 {
            throw DRMError.callFailed(device: display.devicePath, call: "waiting for a page-flip event", errno: ETIMEDOUT)
        }
    }

    private func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1_000_000_000))
        nanosleep(&request, nil)
    }
}
