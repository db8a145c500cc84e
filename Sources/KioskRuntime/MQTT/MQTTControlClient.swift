import CMosquitto
import KioskConfig
import FoundationEssentials
import Glibc

/// `kiosk ctl --mqtt mqtt://broker --target kiosk/lobby COMMAND`: one command through the broker,
/// published to `<target>/command` with an MQTT 5 response topic of its own, and the first reply
/// read back. A command-line tool with nothing else to do, so it waits in libmosquitto's own loop.
final class MQTTControlClient {
    static let timeout = 10.0

    private let client: MosquittoClient
    private let replyTopic: String
    private var connectReason: Int32?
    private var reply: [UInt8]?
    private var screenshot: [UInt8]?

    init(broker: String) throws(MQTTError) {
        guard let address = MQTTSpec.broker(from: broker) else {
            throw MQTTError("--mqtt wants mqtt://HOST[:PORT] or mqtts://HOST[:PORT]; got '\(broker)'")
        }
        let id = "kiosk-ctl-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        replyTopic = "kiosk-ctl/\(id)/reply"
        client = try MosquittoClient(clientID: id)
        if address.usesTLS { try client.setTLS(caFile: nil, certFile: nil, keyFile: nil) }
        let environment = ProcessInfo.processInfo.environment
        if let user = environment["KIOSK_MQTT_USERNAME"] {
            try client.setCredentials(username: user, password: environment["KIOSK_MQTT_PASSWORD"])
        }
        client.onConnect = { [unowned self] reason in connectReason = reason }
        let code = MosquittoClient.connect(client.handle, host: address.host, port: address.port, keepalive: 30,
                                           maximumPacketBytes: 64 * 1024 * 1024)
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            throw MQTTError("cannot connect to \(broker): \(MosquittoClient.describe(code))")
        }
        try wait("the broker's answer") { connectReason != nil }
        if let reason = connectReason, reason != 0 {
            throw MQTTError("the broker \(broker) refused the connection: \(MosquittoClient.describeReason(reason))")
        }
    }

    /// Sends `request` to the kiosk (or group) at `target` and returns its reply; a screenshot's
    /// PNG comes with it.
    func perform(_ request: ControlRequest, target: String) throws(MQTTError) -> (reply: ControlReply, png: [UInt8]?) {
        let wantsScreenshot = request.commandName == "screenshot"
        client.onMessage = { [unowned self] message in
            if message.topic == replyTopic { reply = message.payload } else { screenshot = message.payload }
        }
        client.subscribe(replyTopic, qos: 1)
        if wantsScreenshot { client.subscribe("\(target)/screenshot", qos: 1) }
        let correlation = Array(UUID().uuidString.utf8)
        client.publish(topic: "\(target)/command", payload: Array(request.json.serialized.utf8), qos: 1,
                       correlationData: correlation, responseTopic: replyTopic)
        try wait("reply to the command sent to \(target)/command") { reply != nil && (!wantsScreenshot || screenshot != nil) }
        guard let reply, let json = try? JSONParser.parse(reply), let answer = try? ControlReply(json: json) else {
            throw MQTTError("the reply was not a control reply")
        }
        client.disconnect()
        _ = client.loopBlocking(milliseconds: 100)
        return (answer, screenshot)
    }

    private func wait(_ what: String, until done: () -> Bool) throws(MQTTError) {
        let deadline = Date().addingTimeInterval(Self.timeout)
        while !done() {
            guard Date() < deadline else { throw MQTTError("no \(what) within \(Int(Self.timeout)) s") }
            let code = client.loopBlocking(milliseconds: 100)
            guard code == MOSQ_ERR_SUCCESS.rawValue else { throw MQTTError("the broker connection failed: \(MosquittoClient.describe(code))") }
        }
    }
}

extension MQTTControlClient {
    /// `kiosk ctl --mqtt URL --target TOPIC COMMAND…`: exit status 0, 1 when the kiosk answered with
    /// an error, 2 for usage or connection errors (as over the socket).
    static func run(arguments: [String], broker: String, target: String, output: (String) -> Void,
                    errorOutput: (String) -> Void, writeFile: (String, [UInt8]) throws -> Void) -> Int32 {
        let request: ControlRequest
        do {
            request = try ControlClient.request(fromArguments: arguments)
        } catch {
            errorOutput(error.message)
            return 2
        }
        guard request != .subscribe else {
            errorOutput("kiosk ctl: over MQTT, watch events with: mosquitto_sub -t '\(target)/event/#' -v")
            return 2
        }
        guard MQTTSpec.isPlainTopic(target) else {
            errorOutput("kiosk ctl: --target wants a topic such as kiosk/lobby (no '+', '#' or empty level); got '\(target)'")
            return 2
        }
        do {
            let (reply, png) = try MQTTControlClient(broker: broker).perform(request, target: target)
            switch reply {
            case .error(let message):
                errorOutput("kiosk: \(message)")
                return 1
            case .ok(let value):
                if request.commandName == "screenshot", arguments.count == 2, let png {
                    try writeFile(arguments[1], png)
                } else if let value {
                    output(value.stringValue ?? value.serialized)
                }
                return 0
            }
        } catch {
            errorOutput("kiosk ctl: \(error)")
            return 2
        }
    }
}
