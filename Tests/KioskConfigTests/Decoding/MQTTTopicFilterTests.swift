import KioskConfig
import Testing

/// MQTT's topic filter rules, as the broker applies them: the kiosk must deliver a message to the
/// sources whose filters the broker matched it against, and no other.
struct MQTTTopicFilterTests {
    func filter(_ text: String) throws -> MQTTTopicFilter { try MQTTTopicFilter.parse(text).get() }

    @Test func wildcardsMatchWholeLevelsAndGiveWhatTheyMatched() throws {
        #expect(try filter("plant/+/temp").match("plant/kitchen/temp") == ["kitchen"])
        #expect(try filter("plant/+/temp").match("plant/kitchen/inner/temp") == nil)
        #expect(try filter("plant/+/temp").match("plant//temp") == [""])
        #expect(try filter("site/#").match("site/a/b") == ["a/b"])
        #expect(try filter("site/#").match("site") == [""], "'#' also matches its parent level")
        #expect(try filter("+/+").match("a/b") == ["a", "b"])
        #expect(try filter("home/room").match("home/room") == [])
        #expect(try filter("home/room").match("home/rooms") == nil)
        #expect(try filter("#").match("$SYS/broker/uptime") == nil, "wildcards at the start skip $ topics")
        #expect(try filter("$SYS/#").match("$SYS/broker/uptime") == ["broker/uptime"])
    }

    @Test func malformedFiltersAreRefusedWithTheRule() {
        for (text, rule) in [("", "empty"), ("plant+/temp", "'+' must be a whole level"), ("a/#/b", "'#' must be a whole level"),
                             ("a/b#", "'#' must be"), ("a\0b", "NUL")] {
            guard case .failure(let error) = MQTTTopicFilter.parse(text) else {
                Issue.record("'\(text)' was accepted")
                continue
            }
            #expect(error.message.contains(rule), "\(error.message)")
        }
        #expect(throws: Never.self) { try MQTTTopicFilter.parse(String(repeating: "a", count: 65_535)).get() }
        guard case .failure = MQTTTopicFilter.parse(String(repeating: "a", count: 65_536)) else {
            Issue.record("a filter longer than MQTT carries was accepted")
            return
        }
    }
}
