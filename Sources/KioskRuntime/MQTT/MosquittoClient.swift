import CDeferredLibraries
import CMosquitto
import FoundationEssentials
import Glibc
import KioskGraphics

/// One libmosquitto client handle, speaking MQTT 5. It does no waiting and starts no thread of its
/// own: the owner watches `socket`, calls `loopRead`/`loopWrite` when it is ready and `loopMisc`
/// for keep-alive, and hears the library's callbacks from inside those calls.
///
/// `connect` is the one call that may block (it resolves the host name): `MQTTConnection` runs it
/// on a worker thread and leaves the handle alone until it returns.
final class MosquittoClient {
    /// A libmosquitto handle carried to the worker thread, which alone touches it while connecting.
    nonisolated struct Handle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    let handle: Handle
    /// The broker acknowledged the connection (`reason` 0) or refused it (the reason code).
    var onConnect: ((_ reason: Int32) -> Void)?
    /// The connection ended; `reason` 0 when the kiosk asked for it.
    var onDisconnect: ((_ reason: Int32) -> Void)?
    var onMessage: ((MQTTMessage) -> Void)?
    /// A message `publish` queued is done with: written (QoS 0) or acknowledged by the broker (QoS 1).
    var onPublished: ((_ messageID: Int32) -> Void)?

    /// Nil once libmosquitto is open and initialised, else why it cannot be opened.
    private static let library: String? = {
        if let failure = kiosk_library_load(KIOSK_LIBRARY_MOSQUITTO) { return String(cString: failure) }
        mosquitto_lib_init()
        return nil
    }()

    init(clientID: String) throws(MQTTError) {
        if let failure = Self.library { throw MQTTError("libmosquitto cannot be opened: \(failure)") }
        guard let pointer = mosquitto_new(clientID, true, nil) else {
            throw MQTTError("libmosquitto cannot make a client (out of memory or invalid client id '\(clientID)')")
        }
        handle = Handle(pointer: pointer)
        mosquitto_user_data_set(pointer, Unmanaged.passUnretained(self).toOpaque())
        _ = mosquitto_int_option(pointer, MOSQ_OPT_PROTOCOL_VERSION, Int32(MQTT_PROTOCOL_V5))
        mosquitto_connect_v5_callback_set(pointer, connectCallback)
        mosquitto_disconnect_v5_callback_set(pointer, disconnectCallback)
        mosquitto_message_v5_callback_set(pointer, messageCallback)
        mosquitto_publish_v5_callback_set(pointer, publishCallback)
    }

    isolated deinit {
        onConnect = nil
        onDisconnect = nil
        onMessage = nil
        onPublished = nil
        mosquitto_destroy(handle.pointer)
    }

    /// The retained message the broker publishes for the kiosk when its connection dies.
    func setWill(topic: String, payload: [UInt8], retain: Bool) throws(MQTTError) {
        let code = mosquitto_will_set(handle.pointer, topic, Int32(payload.count), payload, 1, retain)
        try Self.check(code, "the last will on \(topic)")
    }

    func setCredentials(username: String, password: String?) throws(MQTTError) {
        try Self.check(mosquitto_username_pw_set(handle.pointer, username, password), "the username")
    }

    /// TLS with the broker; `caFile` nil trusts the system's certificates.
    func setTLS(caFile: String?, certFile: String?, keyFile: String?) throws(MQTTError) {
        // libmosquitto opens each file here, on the thread that paints, to see that it can be read:
        // a FIFO would hold it until something wrote to it. Only regular files go through.
        for (key, path) in [("ca_file", caFile), ("cert_file", certFile), ("key_file", keyFile)] {
            guard let path else { continue }
            do {
                _ = try RegularFile(path: path)
            } catch {
                throw MQTTError("mqtt.\(key) \(error.description)")
            }
        }
        let code: Int32
        if let caFile {
            code = mosquitto_tls_set(handle.pointer, caFile, nil, certFile, keyFile, nil)
        } else {
            code = mosquitto_tls_set(handle.pointer, nil, "/etc/ssl/certs", certFile, keyFile, nil)
        }
        try Self.check(code, "TLS (ca_file \(caFile ?? "/etc/ssl/certs"), cert_file \(certFile ?? "none"))")
    }

    /// Resolves `host`, connects (TLS included) and sends CONNECT; the socket is left non-blocking
    /// for the loop, which then reads the broker's CONNACK. Blocks for all of that: call it off the
    /// main thread (see the type's note). `maximumPacketBytes` asks the broker to drop larger
    /// messages for the kiosk instead of sending them.
    nonisolated static func connect(_ handle: Handle, host: String, port: Int, keepalive: Int, maximumPacketBytes: Int) -> Int32 {
        var properties: OpaquePointer?
        _ = mosquitto_property_add_int32(&properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue), UInt32(maximumPacketBytes))
        defer { mosquitto_property_free_all(&properties) }
        let code = mosquitto_connect_bind_v5(handle.pointer, host, Int32(port), Int32(keepalive), nil, properties)
        // errno belongs to this thread: it crosses to the loop inside the result.
        return code == MOSQ_ERR_ERRNO.rawValue ? -errno : code
    }

    /// The connection's socket, or -1 when there is none.
    var socket: Int32 { mosquitto_socket(handle.pointer) }
    /// Output is queued that the socket has not taken yet.
    var wantsWrite: Bool { mosquitto_want_write(handle.pointer) }

    func loopRead() -> Int32 { mosquitto_loop_read(handle.pointer, 1) }
    func loopWrite() -> Int32 { mosquitto_loop_write(handle.pointer, 1) }
    /// Keep-alive pings and the check that the broker answers them.
    func loopMisc() -> Int32 { mosquitto_loop_misc(handle.pointer) }

    /// Queues a message (QoS 0 or 1); a reply to an MQTT 5 request carries its correlation data.
    /// `messageID`, when given, is set to the id `onPublished` reports the message by.
    @discardableResult
    func publish(topic: String, payload: [UInt8], qos: Int32 = 0, retain: Bool = false, correlationData: [UInt8]? = nil,
                 responseTopic: String? = nil, messageID: UnsafeMutablePointer<Int32>? = nil) -> Int32 {
        var properties: OpaquePointer?
        defer { mosquitto_property_free_all(&properties) }
        if let responseTopic {
            _ = mosquitto_property_add_string(&properties, Int32(MQTT_PROP_RESPONSE_TOPIC.rawValue), responseTopic)
        }
        if let correlationData {
            _ = correlationData.withUnsafeBytes { bytes in
                mosquitto_property_add_binary(&properties, Int32(MQTT_PROP_CORRELATION_DATA.rawValue), bytes.baseAddress,
                                              UInt16(min(bytes.count, Int(UInt16.max))))
            }
        }
        return payload.withUnsafeBytes { bytes in
            mosquitto_publish_v5(handle.pointer, messageID, topic, Int32(bytes.count), bytes.baseAddress, qos, retain, properties)
        }
    }

    @discardableResult
    func subscribe(_ topic: String, qos: Int32 = 0) -> Int32 {
        mosquitto_subscribe(handle.pointer, nil, topic, qos)
    }

    @discardableResult
    func unsubscribe(_ topic: String) -> Int32 {
        mosquitto_unsubscribe(handle.pointer, nil, topic)
    }

    /// Waits up to `milliseconds` for the socket and does what is due: for a command-line client
    /// with nothing else to do (`kiosk ctl --mqtt`), never for the kiosk.
    func loopBlocking(milliseconds: Int32) -> Int32 {
        mosquitto_loop(handle.pointer, milliseconds, 1)
    }

    /// Queues a DISCONNECT: the broker then drops the last will.
    func disconnect() {
        _ = mosquitto_disconnect(handle.pointer)
    }

    /// libmosquitto's text for a return code (a negative one is `-errno`, from `connect`).
    static func describe(_ code: Int32) -> String {
        if code < 0 { return String(cString: strerror(-code)) }
        if code == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
        return String(cString: mosquitto_strerror(code))
    }

    /// The broker's text for a CONNACK or DISCONNECT reason code.
    static func describeReason(_ code: Int32) -> String {
        String(cString: mosquitto_reason_string(code))
    }

    private static func check(_ code: Int32, _ what: String) throws(MQTTError) {
        guard code == MOSQ_ERR_SUCCESS.rawValue else { throw MQTTError("libmosquitto refused \(what): \(describe(code))") }
    }

    fileprivate func received(_ message: UnsafePointer<mosquitto_message>, properties: OpaquePointer?) {
        let raw = message.pointee
        let topic = raw.topic.map { String(cString: $0) } ?? ""
        let payload: [UInt8] = raw.payload.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: Int(raw.payloadlen))) } ?? []
        var responseTopic: UnsafeMutablePointer<CChar>?
        _ = mosquitto_property_read_string(properties, Int32(MQTT_PROP_RESPONSE_TOPIC.rawValue), &responseTopic, false)
        let response = responseTopic.map { String(cString: $0) }
        var correlation: UnsafeMutableRawPointer?
        var correlationLength: UInt16 = 0
        var correlationData: [UInt8]?
        if mosquitto_property_read_binary(properties, Int32(MQTT_PROP_CORRELATION_DATA.rawValue), &correlation, &correlationLength, false)
            != nil, let correlation {
            correlationData = [UInt8](UnsafeRawBufferPointer(start: correlation, count: Int(correlationLength)))
            free(correlation)
        }
        if let responseTopic { free(responseTopic) }
        onMessage?(MQTTMessage(topic: topic, payload: payload, retained: raw.retain, responseTopic: response,
                               correlationData: correlationData))
    }
}

/// Why the MQTT bridge could not do something; the text goes to the log.
nonisolated struct MQTTError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// libmosquitto calls these from inside loop_read/loop_write/loop_misc, on the main thread, with the
// client as userdata.
private let connectCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32, Int32, OpaquePointer?) -> Void = {
    _, userdata, reason, _, _ in
    guard let userdata else { return }
    let client = Unmanaged<MosquittoClient>.fromOpaque(userdata).takeUnretainedValue()
    MainActor.assumeIsolated { client.onConnect?(reason) }
}

private let disconnectCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32, OpaquePointer?) -> Void = {
    _, userdata, reason, _ in
    guard let userdata else { return }
    let client = Unmanaged<MosquittoClient>.fromOpaque(userdata).takeUnretainedValue()
    MainActor.assumeIsolated { client.onDisconnect?(reason) }
}

private let publishCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32, Int32, OpaquePointer?) -> Void = {
    _, userdata, messageID, _, _ in
    guard let userdata else { return }
    let client = Unmanaged<MosquittoClient>.fromOpaque(userdata).takeUnretainedValue()
    MainActor.assumeIsolated { client.onPublished?(messageID) }
}

private let messageCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafePointer<mosquitto_message>?,
                                             OpaquePointer?) -> Void = { _, userdata, message, properties in
    guard let userdata, let message else { return }
    let client = Unmanaged<MosquittoClient>.fromOpaque(userdata).takeUnretainedValue()
    let address = UInt(bitPattern: message), propertyAddress = UInt(bitPattern: properties)
    MainActor.assumeIsolated {
        client.received(UnsafePointer(bitPattern: address)!, properties: OpaquePointer(bitPattern: propertyAddress))
    }
}
