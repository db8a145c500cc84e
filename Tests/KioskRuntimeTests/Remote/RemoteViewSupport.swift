import Foundation
import Glibc
import Testing

/// The remote view's other side: vncdotool (from PyPI, in a venv under .build, made once per run)
/// and the raw clients of `vnc-test-client.py`.
nonisolated enum VNCTools {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let rawClient = testsDirectory.appendingPathComponent("vnc-test-client.py").path
    /// The build directory holding the test bundle: `.build/<triple>/debug/…` → `.build`.
    static let buildDirectory: String = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.lastPathComponent != ".build" && url.path != "/" { url = url.deletingLastPathComponent() }
        return url.path == "/" ? NSTemporaryDirectory() : url.path
    }()
    static let venv = buildDirectory + "/vnc-venv"

    /// The venv's directory of programs, once vncdotool is installed in it; the failure otherwise.
    static let programs: Result<String, VNCToolError> = {
        let bin = venv + "/bin"
        if FileManager.default.isExecutableFile(atPath: bin + "/vncdo") { return .success(bin) }
        do {
            try run("/usr/bin/python3", ["-m", "venv", venv])
            try run(bin + "/pip", ["install", "--quiet", "--disable-pip-version-check", "vncdotool"])
            return .success(bin)
        } catch let error as VNCToolError {
            return .failure(error)
        } catch {
            return .failure(VNCToolError(description: "\(error)"))
        }
    }()

    /// Runs a program to its end (at most `timeout` seconds); its standard output.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], timeout: Double = 300) throws(VNCToolError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { throw VNCToolError(description: "\(program) did not start: \(error)") }
        let reader = OutputCollector(output.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw VNCToolError(description: "\(program) \(arguments.joined(separator: " ")) took longer than \(Int(timeout)) s")
        }
        let text = reader.finish()
        guard process.terminationStatus == 0 else {
            throw VNCToolError(description: "\(program) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)):\n\(text)")
        }
        return text
    }

    /// `vncdo -s 127.0.0.1::PORT COMMAND…`.
    @discardableResult
    static func vncdo(port: Int, _ commands: [String]) throws -> String {
        try run(try programs.get() + "/vncdo", ["-s", "127.0.0.1::\(port)", "--timeout", "30"] + commands, timeout: 60)
    }

    /// One of `vnc-test-client.py`'s clients, run to its end.
    @discardableResult
    static func rawClient(_ arguments: [String]) throws -> String {
        try run(try programs.get() + "/python", [rawClient] + arguments, timeout: 60)
    }
}

nonisolated struct VNCToolError: Error, CustomStringConvertible {
    let description: String
}

/// Gathers a pipe's output on a thread of its own, so a chatty program never blocks on a full pipe.
nonisolated final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.lock()
                data.append(chunk)
                lock.unlock()
            }
            done.signal()
        }
    }

    /// What arrived so far.
    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Everything, once the writer closed the pipe.
    func finish() -> String {
        done.wait()
        return text
    }
}

/// `kiosk run --config FILE --backend headless` in a directory of its own: the live preview as a
/// panel author starts it, with its standard output and error kept.
final class RunningKiosk {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("kiosk").path

    let directory = TemporaryDirectory()
    let process = Process()
    let output: OutputCollector
    let errors: OutputCollector
    /// The port the printed `vnc://127.0.0.1:PORT` names.
    private(set) var port = 0

    /// `arguments` are added to the command line; without `--no-remote` among them, waits for the
    /// printed address.
    init(config: String, arguments: [String] = []) throws {
        let path = directory.path + "/kiosk.yaml"
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no kiosk binary at \(Self.binary)")
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["run", "--config", path, "--backend", "headless", "--out", directory.path + "/frame.png",
                             "--control", directory.path + "/control.sock"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        output = OutputCollector(out.fileHandleForReading)
        errors = OutputCollector(err.fileHandleForReading)
        try process.run()
        if arguments.contains("--no-remote") {
            _ = try #require(waitForOutput(containing: "kiosk: control socket"), "the kiosk did not start:\n\(errors.text)")
            return
        }
        let line = try #require(waitForOutput(containing: "kiosk: remote view vnc://127.0.0.1:"),
                                "no remote view address printed:\n\(output.text)\n\(errors.text)")
        let digits = line.split(separator: "vnc://127.0.0.1:")[1].prefix { $0.isNumber }
        port = try #require(Int(digits))
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    var configPath: String { directory.path + "/kiosk.yaml" }

    /// The first line of standard output holding `text`, waiting up to `timeout` seconds for it.
    func waitForOutput(containing text: String, timeout: Double = 30) -> String? {
        wait(for: text, in: output, timeout: timeout)
    }

    /// The same for standard error (the log).
    func waitForLog(containing text: String, timeout: Double = 30) -> String? {
        wait(for: text, in: errors, timeout: timeout)
    }

    private func wait(for text: String, in collector: OutputCollector, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let line = collector.text.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            usleep(20_000)
        } while Date() < deadline && process.isRunning
        return collector.text.split(separator: "\n").first(where: { $0.contains(text) }).map(String.init)
    }
}
