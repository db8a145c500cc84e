import KioskConfig
import KioskGraphics
import KioskPlatform

/// A file read each time it changes: inotify on its directory, so a file that is deleted,
/// recreated or replaced by a rename is seen, and a file that does not exist yet is picked up
/// when it appears. Only a regular file is read (a FIFO or device at the path never blocks the
/// kiosk), up to the source's size limit. `interval` re-reads it besides, for files whose changes
/// the kernel does not report (/proc, /sys).
final class FileSource: DataSource {
    private let path: String
    private let format: SourceSpec.Format
    private let interval: Double?
    private let maximumBytes: Int
    private let scheduler: any Scheduler
    private var report: ((SourceOutcome) -> Void)?
    private var watch: FileWatch?
    private var watchID: EventSourceID?
    private var timers: [TimerID] = []
    /// Failed attempts to watch the directory in a row, for the backoff of the next one.
    private var watchFailures = 0

    init(path: String, format: SourceSpec.Format, interval: Double?, maximumBytes: Int, scheduler: any Scheduler) {
        self.path = path
        self.format = format
        self.interval = interval
        self.maximumBytes = maximumBytes
        self.scheduler = scheduler
    }

    func start(report: @escaping (SourceOutcome) -> Void) {
        self.report = report
        arm { [weak self] in
            self?.startWatching()
            self?.read()
        }
        if let interval {
            do {
                timers.append(try scheduler.addTimer(at: scheduler.now + interval, repeating: interval) { [weak self] in
                    self?.read()
                })
            } catch {
                report(.failure("cannot schedule re-reading \(path): \(error)"))
            }
        }
    }

    func stop() {
        report = nil
        if let settleTimer { scheduler.cancelTimer(settleTimer) }
        settleTimer = nil
        timers.forEach(scheduler.cancelTimer)
        timers = []
        if let watchID { scheduler.remove(watchID) }
        watchID = nil
        watch = nil
    }

    /// Runs `action` on the scheduler, after `delay`.
    private func arm(after delay: Double = 0, _ action: @escaping () -> Void) {
        timers.removeAll { !scheduler.isTimerArmed($0) }
        do {
            timers.append(try scheduler.addTimer(after: delay, action))
        } catch {
            report?(.failure("cannot schedule a retry for \(path): \(error)"))
        }
    }

    private func startWatching() {
        guard report != nil, watch == nil else { return }
        do {
            let watch = try FileWatch(path: path) { [weak self] change in self?.fileDidChange(change) }
            watchID = try scheduler.addReadable(fileDescriptor: watch.fileDescriptor) { [weak watch] in watch?.drain() }
            self.watch = watch
            watchFailures = 0
        } catch {
            // The directory itself is missing (a mount not there yet): try again later.
            watchFailures += 1
            report?(.failure("cannot watch \(path) for changes: \(error)"))
            arm(after: Backoff.delay(interval: 1, failures: watchFailures)) { [weak self] in
                guard let self, watch == nil else { return }
                startWatching()
                if watch != nil { read() }
            }
        }
    }

    /// A file written in place is created, written and closed, and the loop may wake between
    /// those events: it is read once they have stopped for this long, whole, rather than empty
    /// first (which would flash a failure and a recovery).
    static let settleDelay = 0.05
    private var settleTimer: TimerID?

    /// Written, replaced, deleted or created: whatever it was, what counts is the file as it is
    /// once the events stop (a deleted file reads as "does not exist").
    private func fileDidChange(_: FileChange) {
        if let settleTimer { scheduler.cancelTimer(settleTimer) }
        settleTimer = nil
        guard report != nil else { return }
        do {
            settleTimer = try scheduler.addTimer(after: Self.settleDelay) { [weak self] in
                self?.settleTimer = nil
                self?.read()
            }
        } catch {
            // Without the settle delay, read at once: a half-written file beats a missed change.
            read()
        }
    }

    private func read() {
        guard let report else { return }
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.contents(of: path, limit: maximumBytes)
        } catch {
            if case .tooLarge = error.problem {
                report(.failure("\(path) is larger than the limit of \(ByteCount.text(maximumBytes)) (max_bytes)"))
            } else {
                report(.failure(error.description))
            }
            return
        }
        switch PayloadDecoder.decode(bytes, as: format) {
        case .success(let value): report(.value(value))
        case .failure(let error): report(.failure("\(path) is \(error.message)"))
        }
    }
}
