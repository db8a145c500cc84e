import Glibc
import Testing
@testable import KioskRuntime

@Suite struct ControlServerTests {
    @Test func everyCommandReachesTheUIAndIsAnswered() throws {
        let kiosk = try ControlFixture()
        let client = try kiosk.connect()

        #expect(kiosk.request(#"{"cmd":"set","target":"gauge.value","value":42}"#, from: client) == ["ok": true])
        #expect(kiosk.request(#"{"cmd":"get","target":"gauge.value"}"#, from: client) == ["ok": true, "value": 42])
        #expect(kiosk.request(#"{"cmd":"goto","panel":"settings"}"#, from: client) == ["ok": true])
        #expect(kiosk.request(#"{"cmd":"back"}"#, from: client) == ["ok": true])
        #expect(kiosk.request(#"{"cmd":"reload"}"#, from: client) == ["ok": true])
        #expect(kiosk.request(#"{"cmd":"screenshot"}"#, from: client) == ["ok": true, "value": "iVBORw0KGgo="])
        #expect(kiosk.request(#"{"cmd":"screenshot","path":"/tmp/shot.png"}"#, from: client)
            == ["ok": true, "value": "/tmp/shot.png"])
        #expect(kiosk.request(#"{"cmd":"alert","title":"Door","message":"Open?","buttons":["Yes","No"]}"#, from: client)
            == ["ok": true])
        #expect(kiosk.request(#"{"cmd":"subscribe"}"#, from: client) == ["ok": true])

        #expect(kiosk.ui.requests == [
            .set(widget: "gauge", property: "value", value: 42),
            .get(widget: "gauge", property: "value"),
            .goto(panel: "settings"),
            .back,
            .reload,
            .screenshot(.inline),
            .screenshot(.file(path: "/tmp/shot.png")),
            .alert(title: "Door", message: "Open?", buttons: ["Yes", "No"]),
        ])
        #expect(kiosk.server.subscriberCount == 1)
    }

    @Test func handlerErrorsAndRequestIdsComeBackToTheClient() throws {
        let kiosk = try ControlFixture()
        let client = try kiosk.connect()
        #expect(kiosk.request(#"{"cmd":"get","target":"nope.value","id":7}"#, from: client)
            == ["ok": false, "error": #"no widget "nope" with "value""#, "id": 7])
    }

    @Test func malformedJSONGetsAnErrorAndTheConnectionStaysUsable() throws {
        let kiosk = try ControlFixture()
        let client = try kiosk.connect()
        let reply = kiosk.request(#"{"cmd":"get","target":}"#, from: client)
        #expect(reply?["ok"] == false)
        #expect(reply?["error"]?.stringValue?.hasPrefix("invalid JSON at byte 22") == true)
        #expect(kiosk.request("[1,2]", from: client)?["error"]?.stringValue?.contains("must be a JSON object") == true)
        #expect(kiosk.request(#"{"cmd":"get","target":"gauge.value"}"#, from: client) == ["ok": true, "value": 10])
    }

    @Test func unknownCommandNamesTheKnownOnes() throws {
        let kiosk = try ControlFixture()
        let client = try kiosk.connect()
        let reply = kiosk.request(#"{"cmd":"explode"}"#, from: client)
        #expect(reply?["ok"] == false)
        #expect(reply?["error"]?.stringValue
            == #"unknown command "explode"; known commands: set, get, goto, back, reload, screenshot, alert, subscribe, state, eval, data, wake, sleep, idle, stats"#)
    }

    @Test func overlongLineIsRejectedAndSkippedWhileTheNextLineIsAnswered() throws {
        var limits = ControlServer.Limits()
        limits.maximumLineLength = 1024
        let kiosk = try ControlFixture(limits: limits)
        let client = try kiosk.connect()
        let huge = #"{"cmd":"set","target":"name.text","value":""# + String(repeating: "x", count: 50_000) + #""}"#
        client.sendLine(huge)
        client.sendLine(#"{"cmd":"get","target":"name.text"}"#)
        pumpUntil(kiosk.registry, kiosk.server, clients: [client]) { client.lines.count >= 2 }
        let replies = client.takeLines().compactMap { try? JSONParser.parse($0) }
        #expect(replies == [
            ["ok": false, "error": "request line longer than 1024 bytes; skipped"],
            ["ok": true, "value": "Ada"],
        ])
        #expect(kiosk.ui.requests == [.get(widget: "name", property: "text")])
        #expect(kiosk.server.peakBufferedInputBytes <= limits.maximumLineLength + limits.readChunkBytes)
    }

    @Test func lastRequestWithoutNewlineIsAnsweredBeforeTheConnectionCloses() throws {
        let kiosk = try ControlFixture()
        let client = try kiosk.connect()
        client.send(#"{"cmd":"get","target":"gauge.value"}"#)
        client.shutdownWriting()
        pumpUntil(kiosk.registry, kiosk.server, clients: [client]) { client.sawEndOfStream }
        #expect(client.takeLines() == [#"{"ok":true,"value":10}"#])
        #expect(kiosk.server.clientCount == 0)
    }

    @Test func subscribersReceiveEventsAsLines() throws {
        let kiosk = try ControlFixture()
        let watcher = try kiosk.connect()
        let driver = try kiosk.connect()
        _ = kiosk.request(#"{"cmd":"subscribe"}"#, from: watcher)
        _ = kiosk.request(#"{"cmd":"goto","panel":"pay"}"#, from: driver)
        kiosk.server.broadcast(event: .tap(widget: "pay_button"))
        kiosk.server.broadcast(event: .emit("door_opened", value: ["door": 2]))
        pumpUntil(kiosk.registry, kiosk.server, clients: [watcher]) { watcher.lines.count >= 3 }
        #expect(watcher.takeLines() == [
            #"{"event":"panel_changed","from":"home","panel":"pay"}"#,
            #"{"event":"tap","widget":"pay_button"}"#,
            #"{"event":"emit","name":"door_opened","value":{"door":2}}"#,
        ])
        #expect(driver.lines.isEmpty)
    }

    @Test func socketIsGroupAccessibleOnlyAndRemovedOnClose() throws {
        let kiosk = try ControlFixture()
        var info = stat()
        #expect(lstat(kiosk.server.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o660)
        kiosk.server.close()
        #expect(lstat(kiosk.server.path, &info) != 0)
        #expect(kiosk.registry.interests.isEmpty)
    }

    @Test func staleSocketIsReplacedButALiveOneIsNot() throws {
        let directory = TemporaryDirectory()
        let path = "\(directory.path)/control.sock"
        let registry = PollRegistry()
        // A socket file left behind by a kiosk that crashed: bound, never listening.
        let stale = try UnixSocket.makeStreamSocket(path: path, nonBlocking: false)
        _ = try UnixSocket.withAddress(path) { bind(stale, $0, $1) }
        Glibc.close(stale)

        let first = try ControlServer(path: path, handler: nil, registry: registry)
        #expect(throws: SocketError.self) { try ControlServer(path: path, handler: nil, registry: registry) }
        do {
            _ = try ControlServer(path: path, handler: nil, registry: registry)
        } catch {
            #expect(error.description.contains("another kiosk is already running"))
        }
        first.close()
    }

    @Test func aFileThatIsNotASocketIsLeftAloneAndNamed() throws {
        let directory = TemporaryDirectory()
        let path = "\(directory.path)/control.sock"
        #expect(FileManagerless.write("precious", to: path))
        do {
            _ = try ControlServer(path: path, handler: nil, registry: PollRegistry())
            Issue.record("a regular file was replaced by the socket")
        } catch {
            #expect(error.description == "control socket \(path): a regular file owned by \(FileOwner.describe(geteuid())) "
                + "is in the way; remove it, or choose another path with --control")
        }
        #expect(FileManagerless.read(path) == "precious")
    }

    @Test func requestsBeforeTheUIExistsAreToldToRetry() throws {
        let directory = TemporaryDirectory()
        let registry = PollRegistry()
        let server = try ControlServer(path: "\(directory.path)/c.sock", handler: nil, registry: registry)
        let client = try TestClient(path: server.path)
        client.sendLine(#"{"cmd":"back"}"#)
        pumpUntil(registry, server, clients: [client]) { !client.lines.isEmpty }
        #expect(client.takeLines() == [#"{"error":"the kiosk is starting; try again","ok":false}"#])
    }

    @Test func defaultPathIsInAPrivateRuntimeDirectoryNeverAFixedNameInTmp() {
        #expect(ControlServer.defaultPath(environment: ["RUNTIME_DIRECTORY": "/run/kiosk"]) == "/run/kiosk/control.sock")
        #expect(ControlServer.defaultPath(environment: ["RUNTIME_DIRECTORY": "/run/kiosk:/run/other"]) == "/run/kiosk/control.sock")
        #expect(ControlServer.defaultPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/kiosk/control.sock")
        #expect(RuntimeDirectory.standard(environment: [:], userID: 1000)
            == RuntimeDirectory(path: "/tmp/kiosk-1000", origin: .perUser))
        #expect(RuntimeDirectory.standard(environment: ["XDG_RUNTIME_DIR": "relative"], userID: 7).path == "/tmp/kiosk-7")
        #expect(ControlServer.defaultPath(environment: [:]) == "/tmp/kiosk-\(geteuid())/control.sock")
    }
}

/// Small file helpers without Foundation's main-actor-free ceremony.
enum FileManagerless {
    static func write(_ text: String, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return text.utf8CString.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count - 1) } == text.utf8.count
    }

    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return count < 0 ? nil : String(decoding: buffer[0..<count], as: UTF8.self)
    }
}
