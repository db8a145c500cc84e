import Foundation
import Testing
import KioskConfig
import KioskExpression
import KioskPlatform
@testable import KioskRuntime

/// A `push:` source and the way values reach any source from outside: pushed values, refused
/// ones (unknown source, not a push source, too large), a source removed and added back by a
/// reload, and the same through the control socket's `data` and `kiosk ctl data`.
@Suite struct PushSourceTests {
    static let specs = [
        SourceSpec(name: "note", kind: .push, maximumBytes: 64),
        SourceSpec(name: "status", kind: .file(path: "status.json", format: .json, interval: nil)),
    ]

    @Test func aPushedValueIsFreshWithItsTime() throws {
        let probe = SourceProbe(Self.specs)
        probe.loop.advance(by: 3)
        #expect(probe.value("note") == .initial)
        try probe.set.push("note", .record(["text": .text("Back at 2")]))
        #expect(probe.value("note") == SourceValue(value: .record(["text": .text("Back at 2")]), stale: false,
                                                    updated: SourceProbe.epoch + 3, error: nil))
        #expect(probe.changes.last?.name == "note")
    }

    @Test func refusedValuesChangeNothing() {
        let probe = SourceProbe(Self.specs)
        #expect(throws: SourcePushError.unknownSource("nte", suggestion: "note")) { try probe.set.push("nte", .number(1)) }
        #expect(throws: SourcePushError.notPushSource("status", kind: "file")) { try probe.set.push("status", .number(1)) }
        let large = ExpressionValue.text(String(repeating: "x", count: 100))
        #expect(throws: SourcePushError.tooLarge("note", limit: 64)) { try probe.set.push("note", large) }
        #expect(probe.value("note") == .initial)
        #expect(SourcePushError.tooLarge("note", limit: 64).description
            == "the value for source 'note' is larger than its limit of 64 bytes (max_bytes)")
    }

    /// What a script's `data:` step does: any source takes the value as if it had arrived.
    @Test func feedGivesAnySourceAValue() throws {
        let probe = SourceProbe(Self.specs)
        try probe.set.feed("status", .record(["state": .text("open")]))
        #expect(probe.value("status").value == .record(["state": .text("open")]))
        #expect(!probe.value("status").stale)
    }

    @Test func aReloadKeepsUnchangedSourcesAndRestartsChangedOnes() throws {
        let probe = SourceProbe(Self.specs)
        try probe.set.push("note", .number(1))
        try probe.set.feed("status", .number(2))
        probe.set.update(specs: [Self.specs[0], SourceSpec(name: "status", kind: .push)])
        #expect(probe.value("note").value == .number(1))
        #expect(probe.value("status") == .initial)
        #expect(probe.changes.last! == ("status", .initial))

        // Removed: gone, and a push says so; added back: a fresh source.
        probe.set.update(specs: [Self.specs[1]])
        #expect(probe.set.names == ["status"])
        #expect(throws: SourcePushError.unknownSource("note", suggestion: nil)) { try probe.set.push("note", .number(3)) }
        probe.set.update(specs: Self.specs)
        try probe.set.push("note", .number(4))
        #expect(probe.value("note").value == .number(4))
    }

    @Test func sourcesThatAreNotLiveFetchNothing() {
        let loop = VirtualLoop()
        let directory = TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: directory.path + "/status.json", contents: Data("1".utf8))
        let set = SourceSet(specs: Self.specs, scheduler: loop, baseDirectory: directory.path, log: { _ in }, live: false)
        loop.advance(by: 10)
        #expect(set.value(of: "status") == .initial)
        #expect(loop.armedTimerCount == 0)
    }

    @Test func theDataRequestAndItsCommandLine() throws {
        let request = try ControlRequest(json: JSONParser.parse(#"{"cmd":"data","source":"note","value":{"text":"hi"}}"#))
        #expect(request == .data(source: "note", value: ["text": "hi"]))
        #expect(try ControlRequest(json: request.json) == request)
        #expect(throws: ControlRequestError("data needs a \"value\"")) {
            try ControlRequest(json: JSONParser.parse(#"{"cmd":"data","source":"note"}"#))
        }
        #expect(try ControlClient.request(fromArguments: ["data", "note", #"{"temp": 21}"#]) == .data(source: "note", value: ["temp": 21]))
        #expect(try ControlClient.request(fromArguments: ["data", "note", "back soon"]) == .data(source: "note", value: "back soon"))
        #expect(throws: ControlRequestError("usage: kiosk ctl data SOURCE JSON")) {
            try ControlClient.request(fromArguments: ["data", "note"])
        }
    }
}

/// The control socket's `data` against a running kiosk's sources.
@MainActor
@Suite struct PushSourceControlTests {
    @Test func dataReachesAPushSourceOfTheKiosk() throws {
        let kiosk = try PanelSessionFixture("""
            sources:
              note: {push: {}}
              load: {command: [cat, /proc/loadavg]}
            panels:
              home:
                root: {type: label, id: status, text: Ready}
            """)
        let handler = PanelControlHandler(host: kiosk.host, registry: .standard, configPath: kiosk.path,
                                          runtimeDirectory: NSTemporaryDirectory()) { try kiosk.session.snapshot() }
        #expect(handler.handle(.data(source: "note", value: 1)) == .error("this kiosk has no sources"))
        handler.sources = kiosk.session.kiosk.sources
        #expect(handler.handle(.data(source: "note", value: ["text": "hi", "n": [1, true]])) == .ok)
        #expect(kiosk.session.kiosk.sources.value(of: "note")?.value
            == .record(["text": .text("hi"), "n": .list([.number(1), .bool(true)])]))
        #expect(handler.handle(.data(source: "load", value: 1)) == .error(
            "source 'load' is a 'command' source, which fetches its own values; only 'push' sources take values from outside"))
        #expect(handler.handle(.data(source: "nte", value: 1)) == .error("no source 'nte'; did you mean 'note'?"))
        kiosk.session.kiosk.close()
    }
}

/// A reload of the kiosk's config rebuilds the sources it changed, and only those.
@MainActor
@Suite struct SourceReloadTests {
    @Test func aReloadKeepsUnchangedSourcesWithTheirValues() throws {
        let config = """
            sources:
              note: {push: {}}
              other: {push: {}}
            panels:
              home:
                root: {type: label, id: status, text: Ready}
            """
        let kiosk = try PanelSessionFixture(config)
        let sources = kiosk.session.kiosk.sources
        try sources.push("note", .number(1))
        try sources.push("other", .number(2))
        try config.replacingOccurrences(of: "other: {push: {}}", with: "other: {push: {max_bytes: 64}}")
            .write(toFile: kiosk.path, atomically: true, encoding: .utf8)
        #expect(kiosk.host.reload(path: kiosk.path) == nil)
        #expect(sources.value(of: "note")?.value == .number(1))
        #expect(sources.value(of: "other") == .initial)
        #expect(sources.spec(of: "other")?.maximumBytes == 64)
        kiosk.session.kiosk.close()
    }
}
