import Testing
import KioskConfig

/// The `mqtt:` section: defaults, and each mistake reported where it is written.
@Suite struct MQTTSpecTests {
    static let panels = "panels:\n  home:\n    children:\n      - {type: slider, id: level}\n"

    static func load(_ mqtt: String) -> (spec: MQTTSpec?, errors: [String]) {
        switch ConfigLoader().load(text: "mqtt:\n" + mqtt + panels, file: "k.yaml") {
        case .success(let config): return (config.mqtt, [])
        case .failure(let errors): return (nil, errors.errors.map(\.description))
        }
    }

    @Test func defaultsFillWhatIsNotWritten() throws {
        let spec = try #require(Self.load("  broker: mqtt://10.0.0.5\n").spec)
        #expect(spec.broker == MQTTSpec.Broker(host: "10.0.0.5", port: 1883, usesTLS: false))
        #expect(spec.group == "kiosk/all" && spec.keepalive == 30 && spec.baseTopic == nil && spec.clientID == nil)
        #expect(!spec.homeAssistant && !spec.allowConfigPush && spec.publish.isEmpty)
    }

    @Test func everySettingIsRead() throws {
        let spec = try #require(Self.load("""
              broker: mqtts://broker.example:9883
              ca_file: ca.pem
              client_id: lobby
              username: kiosk
              password_file: /etc/kiosk/mqtt-password
              base_topic: shop/lobby
              keepalive: 1m
              group: shop/all
              publish: [level.value]
              home_assistant: true
              allow_config_push: yes

            """).spec)
        #expect(spec.broker.url == "mqtts://broker.example:9883")
        #expect(spec.caFile == "ca.pem" && spec.clientID == "lobby" && spec.username == "kiosk")
        #expect(spec.baseTopic == "shop/lobby" && spec.group == "shop/all" && spec.keepalive == 60)
        #expect(spec.publish == ["level.value"] && spec.homeAssistant && spec.allowConfigPush)
    }

    @Test(arguments: [
        ("  broker: http://x\n", "k.yaml:2:11: error: invalid value for 'mqtt.broker'"),
        ("  broker: mqtt://x:70000\n", "k.yaml:2:11: error: invalid value for 'mqtt.broker'"),
        ("  client_id: x\n", "k.yaml:2:3: error: 'mqtt' has no 'broker'"),
        ("  broker: mqtt://x\n  base_topic: a/+/b\n", "k.yaml:3:15: error: invalid value for 'mqtt.base_topic'"),
        ("  broker: mqtt://x\n  keepalive: 2s\n", "k.yaml:3:14: error: value out of range for 'mqtt.keepalive'"),
        ("  broker: mqtt://x\n  publish: [levl.value]\n", "k.yaml:3:13: error: no widget 'levl' for 'mqtt.publish'"),
        ("  broker: mqtt://x\n  publish: [level.valeu]\n", "k.yaml:3:13: error: widget 'level' (slider) has no property 'valeu'"),
        ("  broker: mqtt://x\n  ca_file: ca.pem\n", "k.yaml:3:12: error: TLS files are given but 'mqtt.broker' is not mqtts://"),
        ("  broker: mqtt://x\n  brokr: 1\n", "k.yaml:3:3: error: unknown key 'brokr' in 'mqtt'"),
    ])
    func mistakesAreReportedWhereTheyAreWritten(_ mqtt: String, _ error: String) {
        let errors = Self.load(mqtt).errors
        #expect(errors.contains { $0.hasPrefix(error) }, "\(errors)")
    }
}
