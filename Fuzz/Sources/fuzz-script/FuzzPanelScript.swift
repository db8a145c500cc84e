import FuzzSupport
import KioskConfig
import KioskRuntime

/// Any bytes given to the `kiosk test` script parser yield a script or errors with a place in the
/// file. Only the script is parsed: the config it names is not read and nothing is rendered.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPanelScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated {
        do {
            let script = try PanelScriptParser.parse(bytes: bytes, file: "fuzz-script.yaml")
            _ = script.steps.map(\.summary)
        } catch let failure as ConfigErrors {
            precondition(!failure.errors.isEmpty, "a refused script names at least one error")
            for error in failure.errors {
                precondition(error.line >= 1 && error.column >= 1, "error without a place: \(error)")
            }
        } catch {
            preconditionFailure("the script parser threw something other than ConfigErrors: \(error)")
        }
    }
    return 0
}

@main
enum PanelScriptFuzzer {
    static func main() { runLibFuzzer(fuzzPanelScript) }
}
