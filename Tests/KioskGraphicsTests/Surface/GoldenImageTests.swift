import Foundation
import KioskGraphics
import KioskTestSupport
import Testing

/// What a golden-image check leaves behind when the rendering changed: the actual picture and the
/// difference, next to the golden.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["KIOSK_UPDATE_GOLDENS"] != "1", "goldens are being rewritten"))
struct GoldenImageTests {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("kiosk-golden-\(UUID().uuidString)")

    private func picture(_ fill: RGBA) -> Surface {
        let surface = Surface(width: 6, height: 4)
        Canvas(surface: surface).fill(Rect(x: 0, y: 0, width: 6, height: 4), color: fill)
        return surface
    }

    @Test func aMismatchWritesTheActualAndTheDifference() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try picture(RGBA(red: 0, green: 0, blue: 1)).writePNG(to: directory.appendingPathComponent("square.png").path)
        let actualPath = directory.appendingPathComponent("square.actual.png").path
        let diffPath = directory.appendingPathComponent("square.diff.png").path

        #expect(throws: GoldenImage.Mismatch.self) {
            try GoldenImage.assertMatches(self.picture(RGBA(red: 1, green: 0, blue: 0)), named: "square", in: directory)
        }
        let actual = try Surface(contentsOfPNG: actualPath)
        #expect((actual.pixel(x: 2, y: 2) & 0xFF_FFFF) == 0xFF_0000)
        let diff = try Surface(contentsOfPNG: diffPath)
        #expect(diff.pixel(x: 2, y: 2) == 0xFFFF_0000)

        try GoldenImage.assertMatches(picture(RGBA(red: 0, green: 0, blue: 1)), named: "square", in: directory)
        #expect(!FileManager.default.fileExists(atPath: actualPath), "a match clears what the last mismatch wrote")
        #expect(!FileManager.default.fileExists(atPath: diffPath))
    }
}
