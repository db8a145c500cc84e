/// A message the broker delivered, as plain values.
nonisolated struct MQTTMessage: Equatable, Sendable {
    var topic: String
    var payload: [UInt8]
    var retained: Bool
    /// MQTT 5: where the sender wants the answer, and the bytes that let it match the answer.
    var responseTopic: String?
    var correlationData: [UInt8]?
}

/// The answer's address: a request's response topic and correlation data.
nonisolated struct MQTTReplyAddress: Equatable, Sendable {
    var topic: String
    var correlationData: [UInt8]?
}
