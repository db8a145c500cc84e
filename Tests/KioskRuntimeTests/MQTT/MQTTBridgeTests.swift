import Foundation
import Glibc
import KioskConfig
import Testing
@testable import KioskRuntime

/// A real kiosk process on a real mosquitto broker, driven and watched with mosquitto_pub/sub.
/// Serialized: each test runs its own broker and kiosk, and the machine is small.
@Suite(.serialized) struct MQTTBridgeTests {
    @Test func aCommandChangesThePanelAndTheNewStateIsPublished() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["kiosk/lobby/#"])
        let kiosk = try KioskUnderTest(config: KioskUnderTest.config(broker: broker, clientID: "lobby"))
        #expect(watch.waitFor("kiosk/lobby/status", containing: "online") != nil)
        let first = try #require(watch.waitFor("kiosk/lobby/state"), "\(watch.transcript)\n\(kiosk.log)")
        #expect(first.contains(#""panel":"home""#) && first.contains(#""idle":"active""#) && first.contains(#""version":"#))
        #expect(watch.waitFor("kiosk/lobby/widget/level/value", containing: "0.5") != nil)
        try broker.publish("kiosk/lobby/command", #"{"cmd":"goto","panel":"other","id":7}"#)
        #expect(watch.waitFor("kiosk/lobby/state", containing: #""panel":"other""#) != nil)
        #expect(watch.waitFor("kiosk/lobby/reply", containing: #"{"id":7,"ok":true}"#) != nil)
        // The emit of the panel's on_show reaches its event topic.
        #expect(watch.waitFor("kiosk/lobby/event/other_shown", containing: #""name":"other_shown""#) != nil)
        // The fleet's topic reaches it too, and a set through MQTT shows on the widget topic.
        try broker.publish("kiosk/all/command", #"{"cmd":"goto","panel":"home"}"#)
        #expect(watch.waitFor("kiosk/lobby/state", containing: #""panel":"home""#) != nil)
        try broker.publish("kiosk/lobby/command", #"{"cmd":"set","target":"level.value","value":0.25}"#)
        #expect(watch.waitFor("kiosk/lobby/widget/level/value", containing: "0.25") != nil)
        #expect(kiosk.process.isRunning)
    }

    @Test func brokenAndOversizedCommandsGetAnErrorAndTheKioskCarriesOn() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["kiosk/robust/#"])
        let kiosk = try KioskUnderTest(config: KioskUnderTest.config(broker: broker, clientID: "robust"))
        #expect(watch.waitFor("kiosk/robust/status", containing: "online") != nil)
        try broker.publish("kiosk/robust/command", "{not json")
        #expect(watch.waitFor("kiosk/robust/reply", containing: #""error":"invalid JSON"#) != nil)
        try broker.publish("kiosk/robust/command", #"{"cmd":"set","target":"nothere.value","value":1}"#)
        #expect(watch.waitFor("kiosk/robust/reply", containing: "nothere") != nil, "\(watch.transcript)")
        let big = kiosk.directory.path + "/big.json"
        try (#"{"cmd":"alert","title":""# + String(repeating: "x", count: 1_000_000) + #""}"#).write(
            toFile: big, atomically: true, encoding: .utf8)
        try broker.publish("kiosk/robust/command", "", file: big)
        #expect(watch.waitFor("kiosk/robust/reply", containing: "bytes refused; at most 65536") != nil)
        try broker.publish("kiosk/robust/command", #"{"cmd":"goto","panel":"other"}"#)
        #expect(watch.waitFor("kiosk/robust/state", containing: #""panel":"other""#) != nil)
        #expect(kiosk.process.isRunning)
    }

    @Test func aKilledKioskShowsOfflineThroughItsLastWill() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["kiosk/doomed/status"])
        let kiosk = try KioskUnderTest(config: KioskUnderTest.config(broker: broker, clientID: "doomed", extra: "  keepalive: 5s"))
        #expect(watch.waitFor("kiosk/doomed/status", containing: "online") != nil)
        kiosk.killHard()
        #expect(watch.waitFor("kiosk/doomed/status", containing: "offline") != nil)
    }

    /// A broker that stops reading (stopped with SIGSTOP, its sockets open) while the kiosk publishes
    /// an event of 50 KB every 50 ms: once the sockets' buffers are full, what waits in the kiosk
    /// stops growing at the bound and new messages are dropped, counted in the log. When the broker
    /// reads again, the kiosk says how many were dropped and its retained values are published again.
    @Test func aBrokerThatStopsReadingCostsTheKioskABoundedBacklog() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["kiosk/stall/status", "kiosk/stall/widget/#"])
        let payload = String(repeating: "x", count: 50_000)
        let kiosk = try KioskUnderTest(config: """
            display: {size: 320x240}
            mqtt: {broker: \(broker.url), client_id: stall, keepalive: 1h, publish: [level.value]}
            panels:
              home:
                timers:
                  - {id: flood, every: 50ms, do: {emit: {event: flood, value: "\(payload)"}}}
                children:
                  - {type: slider, id: level, value: 0.5}

            """)
        #expect(watch.waitFor("kiosk/stall/status", containing: "online") != nil)
        #expect(watch.waitFor("kiosk/stall/widget/level/value", containing: "0.5") != nil)

        broker.pause()
        let stalled = kiosk.waitForLog("mqtt: the broker \(broker.url) is not taking messages", seconds: 60)
        if !stalled { broker.resume() }
        try #require(stalled, "no backlog warning after 60 s:\n\(kiosk.log)")
        let atBound = kiosk.residentKiB
        // Another 5 MB of events, which would all wait without the bound.
        usleep(5_000_000)
        let grown = kiosk.residentKiB - atBound
        broker.resume()
        #expect(grown < 2_048, "the kiosk grew by \(grown) KiB while the broker did not read")

        #expect(kiosk.waitForLog("mqtt: the broker \(broker.url) takes messages again; "), "\(kiosk.log)")
        let dropped = kiosk.log.split(separator: "\n").first { $0.contains("takes messages again") }
            .flatMap { $0.split(separator: "; ").last?.split(separator: " ").first }.flatMap { Int($0) } ?? 0
        #expect(dropped >= 50, "at 20 events a second for 5 s")
        // The connection was never lost, and it carries commands and retained values again.
        try broker.publish("kiosk/stall/command", #"{"cmd":"set","target":"level.value","value":0.75}"#)
        #expect(watch.waitFor("kiosk/stall/widget/level/value", containing: "0.75", seconds: 30) != nil)
        #expect(!kiosk.log.contains("lost the connection"), "\(kiosk.log)")
        #expect(kiosk.process.isRunning)
    }

    @Test func wrongCredentialsAreLoggedOnceAndRetried() throws {
        let broker = try LocalBroker(users: ["kiosk": "right"])
        let password = broker.directory.path + "/kiosk-password"
        try "wrong\n".write(toFile: password, atomically: true, encoding: .utf8)
        let kiosk = try KioskUnderTest(config: KioskUnderTest.config(broker: broker, clientID: "locked", extra: """
              username: kiosk
              password_file: \(password)
            """))
        // Three attempts: at start, after about 1 s and after about 2 s more (the wait only bounds a broken build).
        func attempts() -> Int { broker.log.components(separatedBy: "New connection from 127.0.0.1").count - 1 }
        for _ in 0..<150 where attempts() < 3 { usleep(100_000) }
        #expect(attempts() >= 3)
        // The broker logs a connection before the kiosk has read its refusal and logged it.
        func refusalLines() -> [Substring] { kiosk.log.split(separator: "\n").filter { $0.contains("refused the connection") } }
        for _ in 0..<50 where refusalLines().isEmpty { usleep(100_000) }
        let refusals = refusalLines()
        #expect(refusals.count == 1, "\(kiosk.log)")
        #expect(refusals.first?.contains("mqtt.username and mqtt.password_file") == true)
        #expect(kiosk.process.isRunning)
    }

    @Test func aPushedConfigIsAppliedWhenValidAndRefusedWhenNot() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["kiosk/pushed/#"])
        let original = KioskUnderTest.config(broker: broker, clientID: "pushed", extra: "  allow_config_push: true")
        let kiosk = try KioskUnderTest(config: original)
        #expect(watch.waitFor("kiosk/pushed/status", containing: "online") != nil)
        let pushFile = kiosk.directory.path + "/push.yaml"
        try original.replacingOccurrences(of: "title: Go", with: "title: Pushed").write(toFile: pushFile, atomically: true,
                                                                                          encoding: .utf8)
        try broker.publish("kiosk/pushed/config/set", "", file: pushFile)
        #expect(watch.waitFor("kiosk/pushed/reply", containing: #"{"ok":true}"#) != nil)
        #expect(try String(contentsOfFile: kiosk.configPath, encoding: .utf8).contains("title: Pushed"))
        #expect(try String(contentsOfFile: kiosk.configPath + ".previous", encoding: .utf8) == original)
        try broker.publish("kiosk/pushed/command", #"{"cmd":"get","target":"go.title"}"#)
        #expect(watch.waitFor("kiosk/pushed/reply", containing: #""value":"Pushed""#) != nil)

        let before = try String(contentsOfFile: kiosk.configPath, encoding: .utf8)
        try broker.publish("kiosk/pushed/config/set", "panels: {home: {children: [{type: buton}]}}")
        let refusal = try #require(watch.waitFor("kiosk/pushed/reply", containing: #""ok":false"#))
        #expect(refusal.contains("unknown component 'buton'") || refusal.contains("buton"))
        #expect(refusal.contains("kiosk.yaml:1:"))
        #expect(try String(contentsOfFile: kiosk.configPath, encoding: .utf8) == before)
        #expect(kiosk.process.isRunning)
    }

    /// `config_hash` is the config running: an edit the kiosk refuses leaves it as it was. (It was
    /// the hash of the file, read from disk twice at each publication.)
    @Test func theStateHashesTheConfigRunningNotTheFileOnDisk() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["kiosk/hashed/#"])
        let original = KioskUnderTest.config(broker: broker, clientID: "hashed")
        let kiosk = try KioskUnderTest(config: original)
        let running = ConfigFingerprint.of(Array(original.utf8))
        #expect(watch.waitFor("kiosk/hashed/state", containing: #""config_hash":"\#(running)""#) != nil, "\(kiosk.log)")
        // The file watch reloads the edit and refuses it. It starts once the first frame is written,
        // which may be after the state above: the edit is written again until it is seen.
        for attempt in 0..<40 where !kiosk.log.contains("reload refused") {
            try (original + "\nbroken: [\(attempt)").write(toFile: kiosk.configPath, atomically: true, encoding: .utf8)
            usleep(250_000)
        }
        #expect(kiosk.log.contains("reload refused"), "\(kiosk.log)")
        try broker.publish("kiosk/hashed/command", #"{"cmd":"goto","panel":"other"}"#)
        let state = try #require(watch.waitFor("kiosk/hashed/state", containing: #""panel":"other""#))
        #expect(state.contains(#""config_hash":"\#(running)""#), "\(state)")
    }

    /// The password is read only from a regular file of at most 4 KiB; the log says what the path
    /// is instead, and the kiosk runs on without the broker.
    @Test func aPasswordFileThatIsAFIFOKeepsTheKioskOffTheBrokerAndRunning() throws {
        let broker = try LocalBroker(users: ["kiosk": "right"])
        let fifo = broker.directory.path + "/kiosk-password"
        try #require(mkfifo(fifo, 0o600) == 0)
        let kiosk = try KioskUnderTest(config: KioskUnderTest.config(broker: broker, clientID: "piped", extra: """
              username: kiosk
              password_file: \(fifo)
            """))
        expectRunningOffTheBroker(kiosk, saying: "mqtt: mqtt.password_file \(fifo) is a FIFO; the kiosk stays off the broker")
    }

    /// libmosquitto opens the TLS files on the thread that paints to see that they can be read.
    @Test func aTLSFileThatIsAFIFOKeepsTheKioskOffTheBrokerAndRunning() throws {
        let broker = try LocalBroker()
        let fifo = broker.directory.path + "/ca.pem"
        try #require(mkfifo(fifo, 0o600) == 0)
        // No TLS broker is needed: the kiosk stops before it connects.
        let kiosk = try KioskUnderTest(config: KioskUnderTest.config(broker: broker, clientID: "sealed", extra: "  ca_file: \(fifo)")
            .replacingOccurrences(of: "mqtt://", with: "mqtts://"))
        expectRunningOffTheBroker(kiosk, saying: "mqtt: mqtt.ca_file \(fifo) is a FIFO; the kiosk stays off the broker")
    }

    private func expectRunningOffTheBroker(_ kiosk: KioskUnderTest, saying expected: String) {
        for _ in 0..<100 where !kiosk.log.contains(expected) { usleep(100_000) }
        let log = kiosk.log
        // Killed, not stopped, should it be waiting on the FIFO before its loop, with SIGTERM held.
        if !log.contains(expected) { kiosk.killHard() }
        #expect(log.contains(expected), "\(log)")
        #expect(kiosk.process.isRunning)
        #expect(FileManager.default.fileExists(atPath: kiosk.directory.path + "/control.sock"))
    }

    /// A pushed config that changes `mqtt:` itself: the kiosk joins the broker again with the new
    /// settings and takes commands (it hung when the new connection replaced the old one from
    /// inside libmosquitto's read).
    @Test func aPushThatChangesTheMQTTSectionBringsTheKioskBack() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["kiosk/moving/#"])
        let original = KioskUnderTest.config(broker: broker, clientID: "moving", extra: "  allow_config_push: true")
        let kiosk = try KioskUnderTest(config: original)
        #expect(watch.waitFor("kiosk/moving/status", containing: "online") != nil)
        let pushFile = kiosk.directory.path + "/push.yaml"
        try original.replacingOccurrences(of: "  allow_config_push: true", with: "  allow_config_push: true\n  keepalive: 45")
            .write(toFile: pushFile, atomically: true, encoding: .utf8)
        try broker.publish("kiosk/moving/config/set", "", file: pushFile)
        #expect(watch.waitFor("kiosk/moving/status", containing: "offline") != nil, "the old connection left: \(kiosk.log)")
        #expect(watch.waitFor("kiosk/moving/status", containing: "online") != nil, "connected again: \(kiosk.log)")
        try broker.publish("kiosk/moving/command", #"{"cmd":"goto","panel":"other","id":5}"#)
        #expect(watch.waitFor("kiosk/moving/reply", containing: #"{"id":5,"ok":true}"#) != nil, "\(watch.transcript)\n\(kiosk.log)")
        #expect(kiosk.process.isRunning)
    }

    @Test func screenshotIsPublishedAsPNG() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["kiosk/shot/reply"])
        let kiosk = try KioskUnderTest(config: KioskUnderTest.config(broker: broker, clientID: "shot"))
        for _ in 0..<100 where !kiosk.log.contains("mqtt: connected") { usleep(100_000) }
        try broker.publish("kiosk/shot/command", #"{"cmd":"screenshot"}"#)
        let reply = try #require(watch.waitFor("kiosk/shot/reply", containing: #""topic":"kiosk/shot/screenshot""#))
        #expect(reply.contains(#""ok":true"#))
    }

    /// `kiosk ctl --mqtt URL --target TOPIC`: the same commands as over the socket, through the broker.
    @Test func ctlDrivesAKioskThroughTheBrokerAndReportsItsErrors() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["kiosk/remote/#"])
        let kiosk = try KioskUnderTest(config: KioskUnderTest.config(broker: broker, clientID: "remote"))
        #expect(watch.waitFor("kiosk/remote/status", containing: "online") != nil)
        var output: [String] = [], errors: [String] = []
        let status = MQTTControlClient.run(arguments: ["goto", "other"], broker: broker.url, target: "kiosk/remote",
                                           output: { output.append($0) }, errorOutput: { errors.append($0) }, writeFile: { _, _ in })
        #expect(status == 0 && errors.isEmpty, "\(errors)")
        #expect(watch.waitFor("kiosk/remote/state", containing: #""panel":"other""#) != nil)
        let refused = MQTTControlClient.run(arguments: ["goto", "nowhere"], broker: broker.url, target: "kiosk/remote",
                                            output: { output.append($0) }, errorOutput: { errors.append($0) }, writeFile: { _, _ in })
        #expect(refused == 1 && errors == ["kiosk: no panel 'nowhere'"])
        #expect(try ControlClient.parseCommandLine(["--mqtt", broker.url, "--target", "kiosk/remote", "back"])
            == .mqtt(["back"], broker: broker.url, target: "kiosk/remote"))
        #expect(throws: ControlRequestError.self) { try ControlClient.parseCommandLine(["--mqtt", broker.url, "back"]) }
        #expect(kiosk.process.isRunning)
    }
}
