import Foundation
import Testing
@testable import KioskInput

/// `--device PATH` (kiosk calibrate) opens that node alone: anything that is not an input device
/// is an error at once, never a wait.
struct DevicePathTests {
    @Test func aFIFOOrAMissingPathIsRefused() throws {
        let fifo = NSTemporaryDirectory() + "not-a-touchscreen-\(UUID().uuidString)"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        for path in [fifo, "/nonexistent/event99", NSTemporaryDirectory()] {
            #expect(throws: InputError.self, "\(path)") {
                _ = try InputManager(configuration: InputConfiguration(devicePaths: [path]))
            }
        }
    }
}
