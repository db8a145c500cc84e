import Foundation
import Glibc
import Testing
import KioskConfig
import KioskExpression
import KioskPlatform
@testable import KioskRuntime

/// An `http:` source against a local server, on the real loop: a server that never answers, one
/// that fails, answers nonsense or too much, a document that disappears and comes back.
@Suite(.serialized) struct HTTPSourceFaultTests {
    static func spec(_ url: String, timeout: Double = 2, maximumBytes: Int = SourceSpec.defaultMaximumBytes) -> SourceSpec {
        SourceSpec(name: "weather", kind: .http(url: url, interval: 0.2, timeout: timeout, headers: [:], format: .json),
                   maximumBytes: maximumBytes)
    }

    /// Runs a source set on a real loop until `done` holds (bounded: a broken source fails the test).
    final class Run {
        let loop: EventLoop
        private(set) var sources: SourceSet!
        private(set) var logged: [String] = []

        init(_ spec: SourceSpec) throws {
            loop = try EventLoop()
            sources = SourceSet(specs: [spec], scheduler: loop, baseDirectory: "/", log: { [unowned self] in logged.append($0) })
        }

        var value: SourceValue { sources.value(of: "weather") ?? .initial }

        func run(until done: () -> Bool) throws -> Bool {
            try loop.run(forAtMost: 15, until: done)
        }

        isolated deinit { sources.stop() }
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        let server = try LocalHTTPServer()
        let run = try Run(Self.spec(server.url("/hang"), timeout: 0.5))
        #expect(try run.run { run.value.error != nil })
        #expect(run.value.error == "GET \(server.url("/hang")): \(HTTPFetchError.timedOut)")
        #expect(run.value.stale)
        #expect(run.value.value == .null)
    }

    @Test func failingMalformedAndOversizedResponsesAreFailures() throws {
        let server = try LocalHTTPServer()
        let failing = try Run(Self.spec(server.url("/fail")))
        #expect(try failing.run { failing.value.error != nil })
        #expect(failing.value.error == "GET \(server.url("/fail")): \(HTTPFetchError.status(500))")

        let malformed = try Run(Self.spec(server.url("/malformed")))
        #expect(try malformed.run { malformed.value.error != nil })
        #expect(malformed.value.error?.hasPrefix("GET \(server.url("/malformed")): the response is not valid JSON") == true)

        let huge = try Run(Self.spec(server.url("/huge"), maximumBytes: 1024))
        #expect(try huge.run { huge.value.error != nil })
        #expect(huge.value.error == "GET \(server.url("/huge")): \(HTTPFetchError.tooLarge(limit: 1024))")
        #expect([failing, malformed, huge].allSatisfy { $0.value.stale })
    }

    /// A document served, removed (404: stale, last value kept), and back (fresh).
    @Test func aDisappearingDocumentKeepsItsValueAndRecovers() throws {
        let server = try DirectoryServer()
        let document = server.directory + "/weather.json"
        _ = FileManager.default.createFile(atPath: document, contents: Data(#"{"temp": 21}"#.utf8))
        let run = try Run(Self.spec(server.url("/weather.json")))
        #expect(try run.run { !run.value.stale })
        #expect(run.value.value == .record(["temp": .number(21)]))
        let arrived = try #require(run.value.updated)

        unlink(document)
        #expect(try run.run { run.value.stale })
        #expect(run.value.value == .record(["temp": .number(21)]))
        #expect(run.value.updated == arrived)
        #expect(run.value.error == "GET \(server.url("/weather.json")): \(HTTPFetchError.status(404))")

        _ = FileManager.default.createFile(atPath: document, contents: Data(#"{"temp": 22}"#.utf8))
        #expect(try run.run { !run.value.stale })
        #expect(run.value.value == .record(["temp": .number(22)]))
        #expect(run.value.error == nil)
        #expect(run.logged.count == 2)
        #expect(run.logged.last == "source 'weather' recovered")
    }
}

/// `python3 -m http.server` serving a fresh directory on a port the system picked.
final class DirectoryServer {
    let directory: String
    private(set) var port = 0
    private let process = Process()
    private let output = Pipe()

    init() throws {
        directory = NSTemporaryDirectory() + "http-source-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        var text = ""
        let deadline = MonotonicClock.now() + 10
        while port == 0, MonotonicClock.now() < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
            if let range = text.range(of: " port "), let number = Int(text[range.upperBound...].prefix { $0.isNumber }) {
                port = number
            }
        }
        guard port != 0 else {
            kill(process.processIdentifier, SIGKILL)
            throw LocalHTTPServer.ServerError(description: "python3 -m http.server did not say its port")
        }
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    isolated deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
