import Foundation
import Glibc
import KioskPlatform
import Testing

/// `http-test-server.py` (beside this file) running on 127.0.0.1, on a port the system picked:
/// routes that answer well, slowly, never, with errors, too much, or half. It is stopped when this
/// object goes, and exits by itself if the test process dies (its standard input closes).
final class LocalHTTPServer {
    private(set) var port = 0
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    /// What the server printed and the tests have not read yet.
    private var pendingOutput = ""

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("http-test-server.py").path

    /// The self-signed certificate of a server made with `tls`.
    private var certificates: TemporaryDirectory?

    /// With `tls`, the server speaks HTTPS with a self-signed certificate made for it (by openssl).
    init(tls: Bool = false) throws {
        var arguments = [Self.script]
        if tls {
            let directory = TemporaryDirectory()
            try Self.makeSelfSignedCertificate(in: directory.path)
            arguments += ["--tls", directory.path + "/cert.pem", directory.path + "/key.pem"]
            certificates = directory
        }
        // Debian's python3 (make deps installs it) when there, else the one on PATH.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3"] + arguments
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard let line = readLine(within: 10), line.hasPrefix("port "), let port = Int(line.dropFirst(5)) else {
            stop()
            throw ServerError(description: "the test HTTP server did not say its port (is python3 installed?)")
        }
        self.port = port
    }

    isolated deinit { stop() }

    func url(_ path: String) -> String { "\(certificates == nil ? "http" : "https")://127.0.0.1:\(port)\(path)" }

    private static func makeSelfSignedCertificate(in directory: String) throws {
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                             "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                             "-keyout", directory + "/key.pem", "-out", directory + "/cert.pem"]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw ServerError(description: "openssl could not make a test certificate") }
    }

    /// Waits (a real wait, at most `seconds`; 0 only looks) until the server has read a request
    /// for `path`. The lines it reads on the way are gone.
    func waitForRequest(_ path: String, within seconds: Double = 5) -> Bool {
        let deadline = MonotonicClock.now() + seconds
        while let line = readLine(within: deadline - MonotonicClock.now()) {
            if line == "request \(path)" { return true }
        }
        return false
    }

    private func stop() {
        guard process.isRunning else { return }
        // SIGKILL: the test process may block SIGTERM (a loop's signalfd), and children inherit that.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private func readLine(within seconds: Double) -> String? {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = MonotonicClock.now() + seconds
        while true {
            if let newline = pendingOutput.firstIndex(of: "\n") {
                let line = String(pendingOutput[..<newline])
                pendingOutput.removeSubrange(...newline)
                return line
            }
            // Polled at least once, without waiting when the time is up.
            let left = max(0, deadline - MonotonicClock.now())
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32((left * 1000).rounded(.up))) > 0 else {
                if left > 0 { continue }
                return nil
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            pendingOutput += String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }

    struct ServerError: Error, CustomStringConvertible { let description: String }
}

/// A port on 127.0.0.1 that nothing listens on: bound by the system, then closed.
func closedLocalPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
        }
    }
    try #require(bound)
    return Int(UInt16(bigEndian: address.sin_port))
}
