import Foundation
import KioskGraphics

/// Compares rendered surfaces with golden PNGs kept in the repository.
///
/// A golden lives at `Tests/<target>/Golden/<name>.png`. On a mismatch the actual image and a diff
/// image (changed pixels in red over a faded copy) are written next to it as
/// `<name>.actual.png` and `<name>.diff.png`. With `KIOSK_UPDATE_GOLDENS=1` in the environment the
/// golden is (re)written instead, and a missing golden is always written and reported as a failure.
public struct GoldenImage {
    public struct Mismatch: Error, CustomStringConvertible {
        public let description: String
    }

    /// Largest difference allowed in any channel of any pixel: tolerates rounding, not changes.
    public static let defaultTolerance: UInt8 = 2

    public static func assertMatches(_ surface: Surface, named name: String, tolerance: UInt8 = defaultTolerance,
                                     file: StaticString = #filePath) throws {
        let directory = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
        var testsRoot = directory
        while testsRoot.deletingLastPathComponent().lastPathComponent != "Tests" && testsRoot.path != "/" {
            testsRoot = testsRoot.deletingLastPathComponent()
        }
        try assertMatches(surface, named: name, in: testsRoot.appendingPathComponent("Golden"), tolerance: tolerance)
    }

    /// The same check against the golden `<name>.png` in `goldenDirectory`.
    public static func assertMatches(_ surface: Surface, named name: String, in goldenDirectory: URL,
                                     tolerance: UInt8 = defaultTolerance) throws {
        try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
        let golden = goldenDirectory.appendingPathComponent("\(name).png").path
        let actualPath = goldenDirectory.appendingPathComponent("\(name).actual.png").path
        let diffPath = goldenDirectory.appendingPathComponent("\(name).diff.png").path
        try? FileManager.default.removeItem(atPath: actualPath)
        try? FileManager.default.removeItem(atPath: diffPath)

        if ProcessInfo.processInfo.environment["KIOSK_UPDATE_GOLDENS"] == "1" {
            try surface.writePNG(to: golden)
            return
        }
        guard FileManager.default.fileExists(atPath: golden) else {
            try surface.writePNG(to: golden)
            throw Mismatch(description: "no golden image \(golden); wrote the current rendering there — check it and commit it")
        }
        let expected = try Surface(contentsOfPNG: golden)
        let difference = surface.difference(from: expected, tolerance: tolerance)
        if !difference.isEmpty {
            try surface.writePNG(to: actualPath)
            try difference.image?.writePNG(to: diffPath)
            throw Mismatch(description: "\(name): \(difference.differingPixels) pixels differ by more than \(tolerance) "
                           + "(largest difference \(difference.largestDifference)); see \(actualPath) and \(diffPath)")
        }
    }
}
