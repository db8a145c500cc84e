import Foundation
import Glibc
import Testing

/// A mosquitto broker of the test's own on 127.0.0.1, on a free port, in a temporary directory;
/// stopped when the test lets it go.
final class LocalBroker {
    let directory = TemporaryDirectory()
    let port: Int
    private var process: Process?
    /// With `users`, clients must log in (name → password).
    private let users: [String: String]

    init(users: [String: String] = [:]) throws {
        port = try Self.freePort()
        self.users = users
        // `user`: started as root, mosquitto would otherwise become `mosquitto`, who cannot enter the
        // test's private directory to read the password file.
        var config = "listener \(port) 127.0.0.1\nuser \(String(cString: getpwuid(getuid()).pointee.pw_name))\npersistence false\nlog_dest file \(directory.path)/broker.log\nlog_type all\n"
        if users.isEmpty {
            config += "allow_anonymous true\n"
        } else {
            let passwords = directory.path + "/passwords"
            _ = FileManager.default.createFile(atPath: passwords, contents: nil)
            for (user, password) in users {
                let tool = try Self.run("/usr/bin/mosquitto_passwd", ["-b", passwords, user, password])
                try #require(tool == 0, "mosquitto_passwd failed")
            }
            config += "allow_anonymous false\npassword_file \(passwords)\n"
        }
        try config.write(toFile: directory.path + "/mosquitto.conf", atomically: true, encoding: .utf8)
        try start()
    }

    isolated deinit {
        stop()
    }

    var url: String { "mqtt://127.0.0.1:\(port)" }
    var log: String { (try? String(contentsOfFile: directory.path + "/broker.log", encoding: .utf8)) ?? "" }

    /// Starts the broker and waits (bounded) until it accepts connections.
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
        process.arguments = ["-c", directory.path + "/mosquitto.conf"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        for _ in 0..<100 where !Self.accepts(port: port) { usleep(50_000) }
        try #require(Self.accepts(port: port), "mosquitto did not listen on \(port)")
    }

    /// SIGKILL: a child of the test runner inherits its blocked signals, SIGTERM among them.
    func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Stops the broker where it is (SIGSTOP): its sockets stay open and nothing reads them, as with
    /// a broker that hangs.
    func pause() {
        if let process, process.isRunning { kill(process.processIdentifier, SIGSTOP) }
    }

    func resume() {
        if let process, process.isRunning { kill(process.processIdentifier, SIGCONT) }
    }

    /// Publishes with mosquitto_pub (MQTT 5); waits until it is sent.
    func publish(_ topic: String, _ message: String, retain: Bool = false, file: String? = nil) throws {
        var arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-V", "mqttv5", "-q", "1", "-t", topic]
        if let file { arguments += ["-f", file] } else { arguments += ["-m", message] }
        if retain { arguments.append("-r") }
        #expect(try Self.run("/usr/bin/mosquitto_pub", arguments) == 0)
    }

    /// A mosquitto_sub running on `topics` (`topic payload` lines), for `Subscription.waitFor`.
    func subscribe(_ topics: [String]) throws -> Subscription {
        try Subscription(port: port, topics: topics)
    }

    static func run(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// A port the kernel just handed out, free again for the broker.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        try #require(bound, "no free port")
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// mosquitto_sub's output, read line by line as it arrives.
final class Subscription {
    let process = Process()
    private let output = Pipe()
    private var pending = ""
    private(set) var lines: [String] = []
    /// Every line read, for failure messages.
    private(set) var transcript: [String] = []

    init(port: Int, topics: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_sub")
        process.arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-V", "mqttv5", "-v"] + topics.flatMap { ["-t", $0] }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    isolated deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The first line read and not yet taken that satisfies `match`; nil
    /// after `seconds` without one — a bound that only keeps a broken build from hanging the run.
    func waitFor(seconds: Double = 15, _ match: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let index = lines.firstIndex(where: match) {
                return lines.remove(at: index)
            }
            guard Date() < deadline else { return nil }
            var entry = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            pending += String(decoding: buffer[0..<count], as: UTF8.self)
            while let newline = pending.firstIndex(of: "\n") {
                lines.append(String(pending[..<newline]))
                transcript.append(String(pending[..<newline]))
                pending = String(pending[pending.index(after: newline)...])
            }
        }
    }

    /// The next line on `topic` containing `text`.
    func waitFor(_ topic: String, containing text: String = "", seconds: Double = 15) -> String? {
        waitFor(seconds: seconds) { $0.hasPrefix(topic + " ") && (text.isEmpty || $0.contains(text)) }
    }
}

/// `kiosk run --config … --backend headless` as its own process, its log kept in a file.
final class KioskUnderTest {
    let process = Process()
    let directory = TemporaryDirectory()
    let configPath: String

    init(config: String) throws {
        configPath = directory.path + "/kiosk.yaml"
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let binary = KioskProcessTests.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary), "no kiosk binary at \(binary)")
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["run", "--config", configPath, "--backend", "headless", "--out", directory.path + "/frame.png",
                             "--control", directory.path + "/control.sock"]
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: directory.path + "/kiosk.log", contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.path + "/kiosk.log"))
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    var log: String { (try? String(contentsOfFile: directory.path + "/kiosk.log", encoding: .utf8)) ?? "" }

    /// Waits up to `seconds` for the log to contain `text`.
    func waitForLog(_ text: String, seconds: Double = 30) -> Bool {
        for _ in 0..<Int(seconds * 10) {
            if log.contains(text) { return true }
            usleep(100_000)
        }
        return log.contains(text)
    }

    /// Resident memory now, in KiB.
    var residentKiB: Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 0
    }

    func killHard() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A config with an `mqtt:` section for `broker`, two panels and a button that emits.
    static func config(broker: LocalBroker, clientID: String, extra: String = "") -> String {
        """
        display: {size: 320x240}
        mqtt:
          broker: \(broker.url)
          client_id: \(clientID)
          publish: [level.value]
        \(extra)
        panels:
          home:
            children:
              - {type: button, id: go, title: Go, on_tap: [{emit: pressed}]}
              - {type: slider, id: level, value: 0.5}
          other:
            on_show: [{emit: other_shown}]
            children:
              - {type: label, text: Other}

        """
    }
}
