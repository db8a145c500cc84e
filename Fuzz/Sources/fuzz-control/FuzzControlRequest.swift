import FuzzSupport
import KioskRuntime

/// The bytes a control client could send: lines, each parsed as the server parses a request (and
/// as `kiosk ctl` parses a reply). Whatever a line holds, it is a request, or an error to send back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControlRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        parseLine(Array(line))
    }
    return 0
}

private func parseLine(_ line: [UInt8]) {
    let json: JSONValue
    do {
        json = try JSONParser.parse(line)
    } catch {
        _ = error.description
        return
    }
    // What the kiosk writes back, it must read back as the same value.
    let reparsed = try? JSONParser.parse(json.serialized)
    precondition(reparsed == json, "serialization does not round-trip: \(json.serialized)")

    if let request = try? ControlRequest(json: json) {
        precondition((try? ControlRequest(json: request.json)) == request, "request does not round-trip: \(request)")
    }
    _ = try? ControlReply(json: json)
}

@main
enum ControlRequestFuzzer {
    static func main() { runLibFuzzer(fuzzControlRequest) }
}
