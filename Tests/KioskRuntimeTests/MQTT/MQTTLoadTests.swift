import Foundation
import Testing
@testable import KioskRuntime

/// The frame loop under what a broker can do to it: go away for ten seconds, or send a thousand
/// messages a second. A panel timer repaints a counter ten times a second, so the kiosk's own
/// frame figures (`stats`, asked over MQTT) show whether the loop was ever kept from running.
@Suite(.serialized)
struct MQTTLoadTests {
    static func config(broker: LocalBroker, clientID: String) -> String {
        """
        display: {size: 320x240}
        mqtt: {broker: \(broker.url), client_id: \(clientID)}
        state: {ticks: 0}
        sources:
          flood: {mqtt: sensors/flood}
        panels:
          home:
            timers: {every: 100ms, do: [{set: {state.ticks: "= state.ticks + 1"}}]}
            children:
              - {type: label, id: ticks, text: "${state.ticks}"}
              - {type: label, id: flood_value, text: "${default(flood, '-')}"}

        """
    }

    /// The value of a command's reply, read from the reply topic.
    func reply(to command: String, id: Int, on watch: Subscription, base: String, broker: LocalBroker) throws -> [String: Any]? {
        try broker.publish("\(base)/command", command.replacingOccurrences(of: "}", with: ",\"id\":\(id)}"))
        guard let line = watch.waitFor("\(base)/reply", containing: "\"id\":\(id)"),
              let payload = line.split(separator: " ", maxSplits: 1).last,
              let json = try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any] else { return nil }
        return json
    }

    func stats(_ watch: Subscription, base: String, broker: LocalBroker, id: Int) throws -> [String: Double] {
        let answer = try #require(try reply(to: #"{"cmd":"stats"}"#, id: id, on: watch, base: base, broker: broker))
        let value = try #require(answer["value"] as? [String: Any], "\(answer)")
        return value.compactMapValues { ($0 as? NSNumber)?.doubleValue }
    }

    @Test func theBrokerGoneForTenSecondsCostsNoFrameAndTheKioskComesBack() throws {
        let broker = try LocalBroker()
        let kiosk = try KioskUnderTest(config: Self.config(broker: broker, clientID: "steady"))
        do {
            let watch = try broker.subscribe(["kiosk/steady/status"])
            #expect(watch.waitFor("kiosk/steady/status", containing: "online") != nil, "\(kiosk.log)")
        }
        broker.stop()
        sleep(10)
        try broker.start()
        // Persistence is off: whatever is retained now, the kiosk published after reconnecting.
        let watch = try broker.subscribe(["kiosk/steady/#"])
        #expect(watch.waitFor("kiosk/steady/state", containing: #""panel":"home""#, seconds: 40) != nil, "\(kiosk.log)")
        let figures = try stats(watch, base: "kiosk/steady", broker: broker, id: 1)
        // The counter ran all along: about a hundred frames in the ten seconds, none late by much.
        #expect(figures["frames"] ?? 0 >= 100, "\(figures)")
        #expect(figures["longest_gap_ms"] ?? .infinity < 1000, "the loop stalled: \(figures)")
        // The subscriptions are back: a command reaches it.
        try broker.publish("kiosk/steady/command", #"{"cmd":"sleep"}"#)
        #expect(watch.waitFor("kiosk/steady/state", containing: #""idle":"blanked""#) != nil, "\(watch.transcript)")
        #expect(kiosk.log.contains("mqtt: lost the connection to \(broker.url)"))
        #expect(kiosk.process.isRunning)
    }

    @Test func aFloodOfAThousandMessagesASecondLeavesTheFrameLoopAtItsRate() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["kiosk/flooded/status", "kiosk/flooded/reply"])
        let kiosk = try KioskUnderTest(config: Self.config(broker: broker, clientID: "flooded"))
        #expect(watch.waitFor("kiosk/flooded/status", containing: "online") != nil, "\(kiosk.log)")
        for _ in 0..<100 where !broker.log.contains("sensors/flood") { usleep(50_000) }
        sleep(1)
        let before = try stats(watch, base: "kiosk/flooded", broker: broker, id: 1)

        // 5,000 messages in five seconds, a hundred every tenth of a second.
        let publisher = Process()
        publisher.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_pub")
        publisher.arguments = ["-h", "127.0.0.1", "-p", "\(broker.port)", "-q", "0", "-t", "sensors/flood", "-l"]
        let input = Pipe()
        publisher.standardInput = input
        publisher.standardOutput = FileHandle.nullDevice
        try publisher.run()
        let start = Date()
        for batch in 0..<50 {
            let lines = (0..<100).map { "\(batch * 100 + $0)\n" }.joined()
            input.fileHandleForWriting.write(Data(lines.utf8))
            let due = start.addingTimeInterval(Double(batch + 1) * 0.1)
            if due > Date() { usleep(UInt32(due.timeIntervalSinceNow * 1_000_000)) }
        }
        try input.fileHandleForWriting.close()
        publisher.waitUntilExit()

        let during = try stats(watch, base: "kiosk/flooded", broker: broker, id: 2)
        // Every message counted; the last one is the value shown.
        var last: Any?
        for attempt in 0..<50 {
            last = try reply(to: #"{"cmd":"eval","expr":"flood"}"#, id: 10 + attempt, on: watch, base: "kiosk/flooded",
                             broker: broker)?["value"]
            if (last as? NSNumber)?.intValue == 4999 { break }
            usleep(200_000)
        }
        #expect((last as? NSNumber)?.intValue == 4999, "the last message's value: \(String(describing: last))")
        // The frame loop kept presenting (the counter alone gives 10 frames a second, the flood's
        // value more) and was never held up; memory did not grow with the messages.
        #expect(during["fps"] ?? 0 >= 9, "\(during)")
        #expect(during["longest_gap_ms"] ?? .infinity < 500, "\(during)")
        let growth = (during["rss_bytes"] ?? 0) - (before["rss_bytes"] ?? 0)
        #expect(growth < 16 * 1_048_576, "RSS grew by \(growth / 1_048_576) MiB: before \(before), during \(during)")
        print("flood: fps \(during["fps"] ?? 0), longest gap \(during["longest_gap_ms"] ?? 0) ms, RSS \(Int((before["rss_bytes"] ?? 0) / 1_048_576)) -> \(Int((during["rss_bytes"] ?? 0) / 1_048_576)) MiB")
        #expect(kiosk.process.isRunning)
    }

    /// `sleep`, `idle` and `wake` over MQTT, through the control socket's handler: the state topic
    /// follows the screen.
    @Test func sleepAndWakeOverMQTT() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["kiosk/lamp/#"])
        let kiosk = try KioskUnderTest(config: Self.config(broker: broker, clientID: "lamp"))
        #expect(watch.waitFor("kiosk/lamp/state", containing: #""idle":"active""#) != nil, "\(kiosk.log)")
        try broker.publish("kiosk/lamp/command", #"{"cmd":"sleep"}"#)
        #expect(watch.waitFor("kiosk/lamp/state", containing: #""idle":"blanked""#) != nil, "\(watch.transcript)")
        let idle = try #require(try reply(to: #"{"cmd":"idle"}"#, id: 3, on: watch, base: "kiosk/lamp", broker: broker))
        #expect("\(idle)".contains("blank"), "\(idle)")
        try broker.publish("kiosk/lamp/command", #"{"cmd":"wake"}"#)
        #expect(watch.waitFor("kiosk/lamp/state", containing: #""idle":"active""#) != nil, "\(watch.transcript)")
        #expect(kiosk.process.isRunning)
    }
}
