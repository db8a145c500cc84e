import Glibc
import Testing
@testable import KioskRuntime

@Suite struct ControlRequestTests {
    @Test func everyRequestSurvivesTheTripThroughJSON() throws {
        let requests: [ControlRequest] = [
            .set(widget: "room.temp", property: "value", value: ["celsius": 21.5]),
            .get(widget: "gauge", property: "progress"),
            .goto(panel: "settings"), .back, .reload,
            .screenshot(.inline), .screenshot(.file(path: "/run/kiosk/shot.png")),
            .alert(title: "Door", message: "Open it?", buttons: ["Yes", "No"]),
            .subscribe,
            .state(name: "hours", value: 3), .eval(expression: "hours.value / 8"),
        ]
        for request in requests {
            #expect(try ControlRequest(json: JSONParser.parse(request.json.serialized)) == request)
        }
    }

    @Test func targetSplitsAtTheLastDot() throws {
        #expect(try ControlRequest.splitTarget("room.temp.value") == ("room.temp", "value"))
        #expect(throws: ControlRequestError.self) { try ControlRequest.splitTarget("gauge") }
        #expect(throws: ControlRequestError.self) { try ControlRequest.splitTarget("gauge.") }
        #expect(throws: ControlRequestError.self) { try ControlRequest.splitTarget(".value") }
    }

    @Test(arguments: [
        (#"{"target":"a.b"}"#, "missing \"cmd\"; known commands: set, get, goto, back, reload, screenshot, alert, subscribe, state, eval, data, wake, sleep, idle, stats"),
        (#"{"cmd":3}"#, "\"cmd\" must be a string, found a number"),
        (#"{"cmd":"set","target":"a.b"}"#, "set needs a \"value\""),
        (#"{"cmd":"goto"}"#, "goto needs a string \"panel\""),
        (#"{"cmd":"goto","panel":[]}"#, "\"panel\" must be a string, found an array"),
        (#"{"cmd":"alert","title":"t","buttons":["a",1]}"#, "\"buttons\" must be an array of strings"),
        (#"{"cmd":"get","target":"nodot"}"#, "target \"nodot\" must be \"widget.property\", e.g. \"gauge.value\""),
    ])
    func incompleteRequestsSayWhatIsMissing(line: String, message: String) throws {
        #expect(throws: ControlRequestError(message)) { try ControlRequest(json: JSONParser.parse(line)) }
    }

    @Test func alertWithoutButtonsGetsAnOKButton() throws {
        #expect(try ControlRequest(json: ["cmd": "alert", "title": "Hi"]) == .alert(title: "Hi", message: "", buttons: ["OK"]))
    }

    @Test func commandLineWordsBecomeRequests() throws {
        #expect(try ControlClient.request(fromArguments: ["set", "gauge.value", "42"]) == .set(widget: "gauge", property: "value", value: 42))
        #expect(try ControlClient.request(fromArguments: ["set", "name.text", "hello world"])
            == .set(widget: "name", property: "text", value: "hello world"))
        #expect(try ControlClient.request(fromArguments: ["get", "name.text"]) == .get(widget: "name", property: "text"))
        #expect(try ControlClient.request(fromArguments: ["goto", "home"]) == .goto(panel: "home"))
        #expect(try ControlClient.request(fromArguments: ["screenshot", "out.png"]) == .screenshot(.inline))
        #expect(try ControlClient.request(fromArguments: ["alert", "Door", "Open?", "Yes", "No"])
            == .alert(title: "Door", message: "Open?", buttons: ["Yes", "No"]))
        #expect(throws: ControlRequestError("usage: kiosk ctl goto PANEL")) { try ControlClient.request(fromArguments: ["goto"]) }
        #expect(throws: ControlRequestError("usage: kiosk ctl back")) { try ControlClient.request(fromArguments: ["back", "x"]) }
    }

    @Test func stateAndEvalWordsBecomeRequests() throws {
        #expect(try ControlClient.request(fromArguments: ["state", "hours", "3"]) == .state(name: "hours", value: 3))
        #expect(try ControlClient.request(fromArguments: ["state", "plate", "AB 123"]) == .state(name: "plate", value: "AB 123"))
        #expect(try ControlClient.request(fromArguments: ["eval", "hours.value / 8"]) == .eval(expression: "hours.value / 8"))
        #expect(try ControlClient.request(fromArguments: ["eval", "hours.value", "/", "8"]) == .eval(expression: "hours.value / 8"))
        #expect(throws: ControlRequestError("usage: kiosk ctl state NAME VALUE")) { try ControlClient.request(fromArguments: ["state", "x"]) }
        #expect(throws: ControlRequestError("usage: kiosk ctl eval EXPRESSION")) { try ControlClient.request(fromArguments: ["eval"]) }
        #expect(throws: ControlRequestError("eval needs a string \"expr\"")) { try ControlRequest(json: ["cmd": "eval"]) }
        #expect(throws: ControlRequestError("state needs a \"value\"")) { try ControlRequest(json: ["cmd": "state", "name": "hours"]) }
    }

    @Test func clientTalksToTheServer() throws {
        let kiosk = try ControlFixture()
        let client = try ControlClient(path: kiosk.server.path)
        try client.send(.get(widget: "gauge", property: "value"))
        // The client blocks on read, so let the server answer first.
        for _ in 0..<100 { kiosk.registry.pump(kiosk.server) }
        let line = try client.readLine()
        #expect(try line.map { try ControlReply(json: JSONParser.parse($0)) } == .ok(10))
    }

    @Test func ctlWithoutARunningKioskSaysSo() {
        var errors: [String] = []
        let status = ControlClient.run(arguments: ["back"], socketPath: "/nonexistent/control.sock",
                                       output: { _ in }, errorOutput: { errors.append($0) }, writeFile: { _, _ in })
        #expect(status == 2)
        #expect(errors == ["control socket /nonexistent/control.sock: connect failed: No such file or directory "
            + "(is the kiosk running? Its socket is $RUNTIME_DIRECTORY/control.sock)"])
    }
}
