import Foundation

/// A directory of its own under the temporary directory for one test, removed with everything in
/// it when the test's suite instance goes (Swift Testing makes one instance per test).
final class ScratchDirectory {
    let path: String

    init(_ prefix: String) throws {
        path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
