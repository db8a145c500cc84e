import Glibc
import Testing
@testable import KioskRuntime

/// Idle clients on the server's virtual clock: they time out, the least active makes room for a
/// new client, and subscribers waiting for events are left alone.
@Suite struct ControlIdleClientTests {
    @Test func aClientThatDoesNothingIsClosedAfterTheTimeoutAndAnActiveOneIsNot() throws {
        let kiosk = try ControlFixture()
        let sleeper = try kiosk.connect()
        let worker = try kiosk.connect()
        kiosk.registry.advance(by: 40, kiosk.server)
        #expect(kiosk.request(#"{"cmd":"get","target":"gauge.value"}"#, from: worker) == ["ok": true, "value": 10])
        kiosk.registry.advance(by: 25, kiosk.server)
        pumpUntil(kiosk.registry, kiosk.server, clients: [sleeper]) { sleeper.sawEndOfStream }
        #expect(kiosk.server.clientCount == 1)
        #expect(kiosk.request(#"{"cmd":"get","target":"gauge.value"}"#, from: worker) == ["ok": true, "value": 10])
        kiosk.registry.advance(by: 60, kiosk.server)
        pumpUntil(kiosk.registry, kiosk.server, clients: [worker]) { worker.sawEndOfStream }
        #expect(kiosk.server.clientCount == 0)
        #expect(kiosk.server.closedIdleClients == 2)
        // Nothing left to time out: no wake-up stays armed.
        #expect(kiosk.registry.wakeUp == nil)
    }

    @Test func aSubscriberWaitingForEventsIsNotIdle() throws {
        let kiosk = try ControlFixture()
        let watcher = try kiosk.connect()
        _ = kiosk.request(#"{"cmd":"subscribe"}"#, from: watcher)
        for _ in 0..<10 { kiosk.registry.advance(by: 600, kiosk.server) }
        kiosk.server.broadcast(event: .tap(widget: "pay"))
        pumpUntil(kiosk.registry, kiosk.server, clients: [watcher]) { !watcher.lines.isEmpty }
        #expect(watcher.takeLines() == [#"{"event":"tap","widget":"pay"}"#])
        #expect(kiosk.server.subscriberCount == 1)
        #expect(!watcher.sawEndOfStream)
    }

    @Test func atTheLimitTheLeastActiveClientMakesRoomForANewOne() throws {
        var limits = ControlServer.Limits()
        limits.maximumClients = 3
        let kiosk = try ControlFixture(limits: limits)
        let first = try kiosk.connect()
        kiosk.registry.advance(by: 1, kiosk.server)
        let second = try kiosk.connect()
        kiosk.registry.advance(by: 1, kiosk.server)
        let third = try kiosk.connect()
        kiosk.registry.advance(by: 1, kiosk.server)
        // The first is busy again: the second is now the one idle longest.
        #expect(kiosk.request(#"{"cmd":"get","target":"gauge.value"}"#, from: first) == ["ok": true, "value": 10])
        let newcomer = try TestClient(path: kiosk.server.path)
        kiosk.registry.pump(kiosk.server)
        pumpUntil(kiosk.registry, kiosk.server, clients: [second]) { second.sawEndOfStream }
        #expect(second.takeLines() == [#"{"error":"closed to make room for a new control client: 3 are connected "#
            + #"and this one was the least active","ok":false}"#])
        #expect(kiosk.server.clientCount == 3)
        newcomer.sendLine(#"{"cmd":"get","target":"name.text"}"#)
        pumpUntil(kiosk.registry, kiosk.server, clients: [newcomer]) { !newcomer.lines.isEmpty }
        #expect(newcomer.takeLines() == [#"{"ok":true,"value":"Ada"}"#])
        _ = third
    }

    @Test func twoHundredFiftySixIdleClientsDoNotLockOutTheNext() throws {
        let kiosk = try ControlFixture()
        var squatters: [TestClient] = []
        // Accepted as they come: the listen backlog is shorter than 256.
        for _ in 0..<256 { squatters.append(try kiosk.connect()) }
        #expect(kiosk.server.clientCount == 256)
        kiosk.registry.advance(by: 1, kiosk.server)
        let operator_ = try TestClient(path: kiosk.server.path)
        operator_.sendLine(#"{"cmd":"get","target":"gauge.value"}"#)
        pumpUntil(kiosk.registry, kiosk.server, clients: [operator_]) { !operator_.lines.isEmpty }
        #expect(operator_.takeLines() == [#"{"ok":true,"value":10}"#])
        #expect(kiosk.server.clientCount == 256)
    }

    @Test func whenEverySlotIsASubscriberTheNewClientIsTurnedAway() throws {
        var limits = ControlServer.Limits()
        limits.maximumClients = 2
        let kiosk = try ControlFixture(limits: limits)
        let watchers = [try kiosk.connect(), try kiosk.connect()]
        for watcher in watchers { _ = kiosk.request(#"{"cmd":"subscribe"}"#, from: watcher) }
        let third = try TestClient(path: kiosk.server.path)
        pumpUntil(kiosk.registry, kiosk.server, clients: [third]) { third.sawEndOfStream }
        #expect(third.takeLines() == [#"{"error":"too many control clients (2); try again later","ok":false}"#])
        #expect(kiosk.server.subscriberCount == 2)
    }

    @Test func aSubscriberThatHangsUpIsDroppedAtOnce() throws {
        let kiosk = try ControlFixture()
        let watcher = try kiosk.connect()
        _ = kiosk.request(#"{"cmd":"subscribe"}"#, from: watcher)
        watcher.hangUp()
        // Before, the server kept it, unwatched for reading, while epoll reported the hang-up on
        // every wait: the loop spun at full CPU until the next event failed to reach it.
        pumpUntil(kiosk.registry, kiosk.server, clients: []) { kiosk.server.clientCount == 0 }
        #expect(kiosk.registry.interests.count == 1)   // the listening socket only
    }

    @Test func requestsDoNotMoveTheIdleTimerEachTime() throws {
        let kiosk = try ControlFixture()
        let client = try kiosk.connect()
        let before = kiosk.registry.wakeUpChanges
        for index in 0..<500 {
            kiosk.registry.now += 0.01
            #expect(kiosk.request(#"{"cmd":"set","target":"gauge.value","value":\#(index)}"#, from: client) == ["ok": true])
        }
        #expect(kiosk.registry.wakeUpChanges == before)
        #expect(kiosk.registry.wakeUp != nil)
    }

    @Test func manyIdleClientsHoldNoReadBufferEach() throws {
        let kiosk = try ControlFixture()
        var clients: [TestClient] = []
        for _ in 0..<64 { clients.append(try kiosk.connect()) }
        for client in clients { client.sendLine(#"{"cmd":"get","target":"gauge.value"}"#) }
        pumpUntil(kiosk.registry, kiosk.server, clients: clients) { clients.allSatisfy { !$0.lines.isEmpty } }
        for client in clients {
            // Each used to keep a 64 KiB read buffer: 16 MB for 256 idle clients, and 64 KiB
            // zeroed per read, which made closing many clients slow.
            #expect(kiosk.server.inputCapacity(forClient: client.serverDescriptor) <= 4096)
        }
    }
}

@Suite struct IdleClientsTests {
    @Test func theOldestIsTheLeastRecentlyActiveAndTimesOutFirst() {
        var idle = IdleClients(timeout: 60)
        idle.noteActivity(of: 5, at: 0)
        idle.noteActivity(of: 6, at: 1)
        idle.noteActivity(of: 7, at: 2)
        idle.noteActivity(of: 5, at: 3)
        #expect(idle.oldest == 6)
        #expect(idle.nextDeadline == 61)
        #expect(idle.timedOut(at: 62.5) == [6, 7])
        idle.remove(6)
        idle.track(7, at: 50)   // already tracked: its idle time keeps running
        #expect(idle.oldest == 7)
        #expect(idle.idleTime(of: 7, at: 10) == 8)
        idle.remove(7)
        idle.remove(5)
        #expect(idle.oldest == nil && idle.nextDeadline == nil && idle.count == 0)
    }
}
