import Foundation
import KioskConfig
import KioskGraphics
import KioskRuntime

/// What the composed-frame rows share: the panels they run, and the memcpy they are set against.

/// A headless session of panels written in a benchmark.
@MainActor
func benchSession(yaml: String, named name: String, size: Size) throws -> HeadlessPanelSession {
    switch ConfigLoader().load(text: yaml, file: "\(name)-bench.yaml") {
    case .success(let spec):
        return HeadlessPanelSession(config: spec, configPath: "\(name)-bench.yaml", size: size)
    case .failure(let errors):
        throw BenchSetupError(description: "\(name) benchmark config is invalid: \(errors)")
    }
}

/// A memcpy of `bytes` (a whole frame): the least a frame that changes every pixel
/// costs, and what composed frames are measured against.
func memcpyOfOneFrame(bytes: Int) -> [Double] {
    let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    let target = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    defer { source.deallocate(); target.deallocate() }
    memset(source, 0x5A, bytes)
    return measure { memcpy(target, source, bytes) }
}

struct BenchSetupError: Error, CustomStringConvertible {
    var description: String
}
