import Testing
import KioskConfig
import KioskExpression
@testable import KioskRuntime

/// What an `mqtt` source does with messages a broker can send it without limit: one larger than
/// `max_bytes`, numbers JSON cannot carry, and more matching topics than it keeps.
@Suite struct MQTTSourceBoundsTests {
    static func specs() throws -> [SourceSpec] {
        [SourceSpec(name: "room", kind: .mqtt(topic: try MQTTTopicFilter.parse("home/room").get(), format: .auto, jsonPath: []),
                    maximumBytes: 64),
         SourceSpec(name: "plant", kind: .mqtt(topic: try MQTTTopicFilter.parse("plant/#").get(), format: .auto, jsonPath: []))]
    }

    @Test func aMessageOverMaxBytesOrNotANumberKeepsTheLastValue() throws {
        let probe = SourceProbe(try Self.specs())
        probe.set.receive(Array("21.5".utf8), matched: [], forSource: "room")
        #expect(probe.value("room").value == .number(21.5))
        probe.set.receive(Array(repeating: UInt8(ascii: "7"), count: 65), matched: [], forSource: "room")
        #expect(probe.value("room").value == .number(21.5))
        #expect(probe.value("room").stale == true)
        #expect(probe.value("room").error?.contains("larger than max_bytes (64)") == true, "\(String(describing: probe.value("room")))")
        // NaN and 1e999 are no JSON numbers: with format auto they arrive as text, never as a
        // number a formula would compute with.
        for text in ["NaN", "1e999", "-inf"] {
            probe.set.receive(Array(text.utf8), matched: [], forSource: "room")
            #expect(probe.value("room").value == .text(text))
        }
        probe.set.receive(Array("1e12".utf8), matched: [], forSource: "room")
        #expect(probe.value("room").value == .number(1e12))
    }

    @Test func aWildcardKeepsAtMostItsLimitOfTopics() throws {
        let probe = SourceProbe(try Self.specs())
        for index in 0..<(SourceSet.maximumMatchedTopics + 10) {
            probe.set.receive(Array("\(index)".utf8), matched: ["line\(index)"], forSource: "plant")
        }
        guard case .record(let fields) = probe.value("plant").value else {
            Issue.record("no record: \(String(describing: probe.value("plant")))")
            return
        }
        #expect(fields.count == SourceSet.maximumMatchedTopics)
        #expect(fields["line0"] == .number(0) && fields["line1009"] == nil)
        #expect(probe.value("plant").error?.contains("more than 1000 topics match plant/#") == true)
        // A topic already kept still updates.
        probe.set.receive(Array("5".utf8), matched: ["line0"], forSource: "plant")
        guard case .record(let after) = probe.value("plant").value else { return }
        #expect(after["line0"] == .number(5) && after.count == SourceSet.maximumMatchedTopics)
        #expect(probe.value("plant").stale == false)
    }
}
