import FuzzSupport
import KioskConfig

/// Any bytes given to the config loader yield a config or errors that each point at a place in the
/// file; nothing crashes, hangs or reads out of bounds. This is what `kiosk check` and a reload do
/// before anything is built, so panels are never rendered here.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch ConfigLoader().load(bytes: bytes, file: "fuzz.yaml") {
    case .success(let spec):
        precondition(!spec.panels.isEmpty, "a valid config has at least one panel")
    case .failure(let failure):
        precondition(!failure.errors.isEmpty, "a refused config names at least one error")
        for error in failure.errors {
            precondition(error.line >= 1 && error.column >= 1, "error without a place: \(error)")
            _ = error.description
        }
    }
    return 0
}

@main
enum ConfigLoaderFuzzer {
    static func main() { runLibFuzzer(fuzzConfigLoader) }
}
