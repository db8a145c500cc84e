import Glibc
import KioskExpression
import KioskGraphics
import KioskConfig
import KioskPlatform

/// One run of a command source's program, driven entirely by the scheduler: its output is read
/// as it becomes readable, it is killed when it overruns `timeout` or prints more than
/// `maximumBytes`, and it is reaped when its pidfd says it has exited. Nothing here waits.
///
/// The run keeps itself alive through its registrations until the program is reaped, even when
/// its outcome was reported long before (a killed program).
final class CommandRun: SourceAttempt {
    /// How much of stderr is kept for the message of a failure.
    static let keptErrorBytes = 4096
    /// How often the end of a program is polled when the kernel has no pidfd_open.
    static let reapPollInterval = 0.05

    private let argv: [String]
    /// The program as messages name it.
    private var program: String { argv.first ?? "" }
    private let timeout: Double
    private let maximumBytes: Int
    private let format: SourceSpec.Format
    private let scheduler: any Scheduler
    private var completion: ((SourceOutcome) -> Void)?
    private var process: ChildProcess?
    private var output: [UInt8] = []
    private var errorOutput: [UInt8] = []
    private var outputID: EventSourceID?
    private var errorID: EventSourceID?
    private var exitID: EventSourceID?
    private var timers: [TimerID] = []

    /// Starts `argv` in `directory`; `completion` hears the outcome once (at once, if the program cannot start).
    init(argv: [String], directory: String, timeout: Double, maximumBytes: Int, format: SourceSpec.Format,
         scheduler: any Scheduler, completion: @escaping (SourceOutcome) -> Void) {
        self.argv = argv
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.format = format
        self.scheduler = scheduler
        self.completion = completion
        let process: ChildProcess
        do {
            process = try ChildProcess(argv: argv, directory: directory)
        } catch {
            finish(.failure(error.description))
            return
        }
        self.process = process
        do {
            outputID = try scheduler.addReadable(fileDescriptor: process.standardOutput) { [self] in readOutput() }
            errorID = try scheduler.addReadable(fileDescriptor: process.standardError) { [self] in readErrors() }
            if let pidfd = process.exitDescriptor {
                exitID = try scheduler.addReadable(fileDescriptor: pidfd) { [self] in checkExit() }
            } else {
                timers.append(try scheduler.addTimer(after: Self.reapPollInterval, repeating: Self.reapPollInterval) { [self] in
                    checkExit()
                })
            }
            timers.append(try scheduler.addTimer(after: timeout) { [self] in
                kill(because: "timed out after \(timeout.compact)s")
            })
        } catch {
            kill(because: "cannot watch '\(program)': \(error)")
        }
    }

    /// Abandons the run: the program is killed and reaped, and its outcome is not reported.
    func cancel() {
        completion = nil
        kill(because: nil)
    }

    private func readOutput() {
        guard let process else { return }
        switch drain(process.standardOutput, into: &output, keeping: maximumBytes + 1) {
        case .open:
            if output.count > maximumBytes {
                kill(because: "printed more than the limit of \(ByteCount.text(maximumBytes)) (max_bytes)")
            }
        case .closed:
            if let outputID { scheduler.remove(outputID) }
            outputID = nil
            process.closeStandardOutput()
            completeIfDone()
        }
    }

    private func readErrors() {
        guard let process else { return }
        if case .closed = drain(process.standardError, into: &errorOutput, keeping: Self.keptErrorBytes) {
            if let errorID { scheduler.remove(errorID) }
            errorID = nil
            process.closeStandardError()
            completeIfDone()
        }
    }

    private enum PipeState { case open, closed }

    /// Reads what is there now, keeping at most `keeping` bytes (the rest is read and dropped, so
    /// a chatty program does not stall on a full pipe).
    private func drain(_ fd: Int32, into buffer: inout [UInt8], keeping: Int) -> PipeState {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<min(count, max(0, keeping - buffer.count))])
                if buffer.count >= keeping { return .open }
                continue
            }
            if count == 0 { return .closed }
            if errno == EINTR { continue }
            // EAGAIN: nothing more for now. Any other error ends the pipe.
            return errno == EAGAIN || errno == EWOULDBLOCK ? .open : .closed
        }
    }

    private func checkExit() {
        guard let process, process.reap() != nil else { return }
        if let exitID { scheduler.remove(exitID) }
        exitID = nil
        completeIfDone()
    }

    /// Reports once the program has exited and both pipes are closed (a program that exits but
    /// leaves a child holding its stdout is still running, as far as its output goes).
    private func completeIfDone() {
        guard let process, let termination = process.termination else { return }
        guard outputID == nil, errorID == nil else { return }
        switch termination {
        case .exited(0):
            switch PayloadDecoder.decode(output, as: format) {
            case .success(let value): finish(.value(value))
            case .failure(let error): finish(.failure("'\(program)' printed \(error.message)"))
            }
        case .exited(let status):
            let line = firstLine(of: errorOutput)
            finish(.failure("'\(program)' exited with status \(status)" + (line.isEmpty ? "" : ": \(line)")))
        case .signalled(let signal):
            finish(.failure("'\(program)' was killed by signal \(signal)"))
        }
        release()
    }

    private func firstLine(of bytes: [UInt8]) -> String {
        let text = PayloadDecoder.text(bytes)
        return String(text.split(separator: "\n", maxSplits: 1).first ?? "").trimmingWhitespace()
    }

    /// Reports `reason` (if any, and if nothing was reported yet), kills the program, and keeps
    /// watching for its end to reap it.
    private func kill(because reason: String?) {
        if let reason { finish(.failure(reason)) }
        guard let process else { return }
        for id in [outputID, errorID].compactMap({ $0 }) { scheduler.remove(id) }
        outputID = nil
        errorID = nil
        process.closeOutput()
        process.kill()
        timers.forEach(scheduler.cancelTimer)
        timers = []
        if process.reap() != nil {
            release()
        } else if process.exitDescriptor == nil,
                  let poll = try? scheduler.addTimer(after: Self.reapPollInterval, repeating: Self.reapPollInterval, { [self] in
                      checkExit()
                  }) {
            timers.append(poll)
        }
    }

    private func finish(_ outcome: SourceOutcome) {
        let completion = self.completion
        self.completion = nil
        completion?(outcome)
    }

    /// Drops every registration, which ends the run's hold on itself.
    private func release() {
        for id in [outputID, errorID, exitID].compactMap({ $0 }) { scheduler.remove(id) }
        outputID = nil
        errorID = nil
        exitID = nil
        timers.forEach(scheduler.cancelTimer)
        timers = []
        process = nil
    }
}
