import Foundation
import Testing

/// `mqtt` sources on a real broker: messages published by `mosquitto_pub` become values that
/// formulas read, a wildcard topic keeps a value per matched topic, and a broken message marks the
/// source stale with its error while the last good value stays.
@Suite(.serialized)
struct MQTTSourceTests {
    static func config(broker: LocalBroker) -> String {
        """
        display: {size: 320x240}
        mqtt:
          broker: \(broker.url)
          client_id: sensors
          publish: [temps_label.text, room_label.text]
        sources:
          temps:
            mqtt: "plant/+/temp"
          room:
            mqtt: {topic: home/room, format: json, json_path: reading.value}
        panels:
          home:
            children:
              - {type: label, id: temps_label, text: "${default(temps.kitchen, '-')} ${default(temps.hall, '-')}"}
              - {type: label, id: room_label, text: "${default(room, '-')}"}

        """
    }

    @Test func messagesBecomeValuesAndWildcardsKeepOnePerTopic() throws {
        let broker = try LocalBroker()
        let watch = try broker.subscribe(["kiosk/sensors/#"])
        let kiosk = try KioskUnderTest(config: Self.config(broker: broker))
        #expect(watch.waitFor("kiosk/sensors/status", containing: "online") != nil, "\(kiosk.log)")
        #expect(watch.waitFor("kiosk/sensors/widget/temps_label/text", containing: "- -") != nil, "\(watch.transcript)")

        // The subscriptions are made after the connection: wait until the broker has them.
        for _ in 0..<100 where !broker.log.contains("plant/+/temp") { usleep(50_000) }
        try broker.publish("plant/kitchen/temp", "21.5")
        #expect(watch.waitFor("kiosk/sensors/widget/temps_label/text", containing: "21.5 -") != nil, "\(watch.transcript)")
        try broker.publish("plant/hall/temp", "19")
        #expect(watch.waitFor("kiosk/sensors/widget/temps_label/text", containing: "21.5 19") != nil, "\(watch.transcript)")
        try broker.publish("plant/kitchen/temp", "22")
        #expect(watch.waitFor("kiosk/sensors/widget/temps_label/text", containing: "22 19") != nil, "\(watch.transcript)")
        // Another level count does not match `plant/+/temp`.
        try broker.publish("plant/kitchen/inner/temp", "99")

        try broker.publish("home/room", #"{"reading": {"value": 7, "unit": "C"}}"#)
        #expect(watch.waitFor("kiosk/sensors/widget/room_label/text", containing: "7") != nil, "\(watch.transcript)")

        // A broken message: the value stays, the source is stale and says why.
        try broker.publish("home/room", "{not json")
        try broker.publish("kiosk/sensors/command", #"{"cmd":"eval","expr":"room.stale","id":1}"#)
        #expect(watch.waitFor("kiosk/sensors/reply", containing: #""id":1"#)?.contains("true") == true, "\(watch.transcript)")
        try broker.publish("kiosk/sensors/command", #"{"cmd":"eval","expr":"room","id":2}"#)
        #expect(watch.waitFor("kiosk/sensors/reply", containing: #""id":2"#)?.contains("7") == true, "\(watch.transcript)")
        try broker.publish("home/room", #"{"reading": {}}"#)
        try broker.publish("kiosk/sensors/command", #"{"cmd":"eval","expr":"room.error","id":3}"#)
        #expect(watch.waitFor("kiosk/sensors/reply", containing: #""id":3"#)?.contains("no 'reading.value'") == true,
                "\(watch.transcript)")
        try broker.publish("kiosk/sensors/command", #"{"cmd":"eval","expr":"temps","id":4}"#)
        let temps = watch.waitFor("kiosk/sensors/reply", containing: #""id":4"#) ?? ""
        #expect(temps.contains("kitchen") && temps.contains("hall") && !temps.contains("99"), "\(temps)")
        #expect(kiosk.log.contains("source 'room'"), "the failure is logged: \(kiosk.log)")
        #expect(kiosk.process.isRunning)
    }
}
