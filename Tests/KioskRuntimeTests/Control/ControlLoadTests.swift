import Glibc
import Testing
@testable import KioskRuntime

@Suite struct ControlLoadTests {
    @Test func subscriberThatNeverReadsIsDroppedAloneWhileOthersContinue() throws {
        var limits = ControlServer.Limits()
        limits.maximumQueuedBytes = 64 * 1024
        let kiosk = try ControlFixture(limits: limits)
        let sleeper = try kiosk.connect()
        let driver = try kiosk.connect()
        let watcher = try kiosk.connect()
        sleeper.sendLine(#"{"cmd":"subscribe"}"#)
        _ = kiosk.request(#"{"cmd":"subscribe"}"#, from: watcher)
        kiosk.registry.pump(kiosk.server)
        #expect(kiosk.server.subscriberCount == 2)

        let payload = String(repeating: "z", count: 2000)
        var sets = 0
        // The sleeper never reads: first the kernel's socket buffer fills, then the server's queue.
        while kiosk.server.droppedSlowClients == 0 && sets < 2000 {
            sets += 1
            #expect(kiosk.request(#"{"cmd":"set","target":"name.text","value":"\#(payload)\#(sets)"}"#, from: driver)
                == ["ok": true])
            pumpUntil(kiosk.registry, kiosk.server, clients: [watcher]) { watcher.lines.count == 1 }
            _ = watcher.takeLines()
            #expect(kiosk.server.queuedBytes(forClient: sleeper.serverDescriptor) <= limits.maximumQueuedBytes)
        }
        #expect(kiosk.server.droppedSlowClients == 1)
        #expect(kiosk.server.clientCount == 2)
        #expect(kiosk.server.subscriberCount == 1)
        #expect(kiosk.server.peakQueuedBytes <= limits.maximumQueuedBytes + payload.count + 100)
        // The others carry on.
        #expect(kiosk.request(#"{"cmd":"set","target":"gauge.value","value":1}"#, from: driver) == ["ok": true])
        pumpUntil(kiosk.registry, kiosk.server, clients: [watcher]) { watcher.lines.count == 1 }
        #expect(watcher.takeLines() == [#"{"event":"value_changed","property":"value","value":1,"widget":"gauge"}"#])
    }

    @Test func hundredClientsAtOnceEachGetTheirOwnAnswer() throws {
        let kiosk = try ControlFixture()
        for index in 0..<100 { kiosk.ui.values["w\(index).value"] = .number(Double(index)) }
        var clients: [TestClient] = []
        for _ in 0..<100 { clients.append(try kiosk.connect()) }
        #expect(kiosk.server.clientCount == 100)
        for (index, client) in clients.enumerated() {
            client.sendLine(#"{"cmd":"get","target":"w\#(index).value","id":\#(index)}"#)
        }
        pumpUntil(kiosk.registry, kiosk.server, clients: clients) { clients.allSatisfy { !$0.lines.isEmpty } }
        for (index, client) in clients.enumerated() {
            #expect(client.takeLines() == [#"{"id":\#(index),"ok":true,"value":\#(index)}"#])
        }
    }

    @Test func floodOfSetsIsAnsweredInOrderAndEverySubscriberSeesEveryChange() throws {
        let limits = ControlServer.Limits()
        let kiosk = try ControlFixture(limits: limits)
        let flooder = try kiosk.connect()
        let watcher = try kiosk.connect()
        _ = kiosk.request(#"{"cmd":"subscribe"}"#, from: watcher)

        let count = 10_000
        var requests = ""
        for index in 0..<count { requests += #"{"cmd":"set","target":"gauge.value","value":\#(index)}"# + "\n" }
        flooder.send(requests)

        var replies = 0
        var events: [Double] = []
        pumpUntil(kiosk.registry, kiosk.server, clients: [flooder, watcher], rounds: 1_000_000) {
            replies += flooder.takeLines().count
            for line in watcher.takeLines() {
                if let value = (try? JSONParser.parse(line))?["value"]?.doubleValue { events.append(value) }
            }
            #expect(kiosk.server.queuedBytes(forClient: flooder.serverDescriptor) <= limits.maximumQueuedBytes)
            return replies == count && events.count == count
        }
        #expect(replies == count)
        #expect(events == (0..<count).map(Double.init))
        #expect(kiosk.ui.values["gauge.value"] == .number(Double(count - 1)))
        #expect(kiosk.server.droppedSlowClients == 0)
        #expect(kiosk.server.peakQueuedBytes <= limits.maximumQueuedBytes)
        #expect(kiosk.server.peakBufferedInputBytes <= limits.maximumLineLength + limits.readChunkBytes)
    }

    @Test func clientThatSendsFasterThanItReadsIsHeldBackNotDropped() throws {
        var limits = ControlServer.Limits()
        limits.replyBackpressureBytes = 16 * 1024
        limits.maximumQueuedBytes = 64 * 1024
        let kiosk = try ControlFixture(limits: limits)
        kiosk.ui.values["note.text"] = .string(String(repeating: "n", count: 4000))
        let reader = try kiosk.connect()
        let count = 300  // about 1.2 MB of replies, far more than socket buffers and the queue hold
        var requests = ""
        for index in 0..<count { requests += #"{"cmd":"get","target":"note.text","id":\#(index)}"# + "\n" }
        reader.send(requests)
        var heldBack = false
        for _ in 0..<2000 {
            reader.flush()
            kiosk.registry.pump(kiosk.server)
            if kiosk.registry.interests[reader.serverDescriptor] == [.writable] { heldBack = true }
            #expect(kiosk.server.queuedBytes(forClient: reader.serverDescriptor) <= limits.replyBackpressureBytes + 4100)
        }
        #expect(heldBack)
        #expect(kiosk.server.clientCount == 1)
        var ids: [Double] = []
        pumpUntil(kiosk.registry, kiosk.server, clients: [reader]) {
            ids += reader.takeLines().compactMap { (try? JSONParser.parse($0))?["id"]?.doubleValue }
            return ids.count == count
        }
        #expect(ids == (0..<count).map(Double.init))
        #expect(kiosk.server.droppedSlowClients == 0)
    }

    @Test func aClientTheLoopCannotWatchIsDisconnectedAloneAndTheOthersGoOn() throws {
        let kiosk = try ControlFixture()
        let first = try kiosk.connect()
        kiosk.registry.refusesNewDescriptors = true
        let refused = try TestClient(path: kiosk.server.path)
        pumpUntil(kiosk.registry, kiosk.server, clients: [refused]) { refused.sawEndOfStream }
        #expect(kiosk.server.clientCount == 1)
        #expect(kiosk.request(#"{"cmd":"back"}"#, from: first) == ["ok": false, "error": "already at the first panel"])
    }
}
