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
        let goldenDirectory = testsRoot.appendingPathComponent("Golden")
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
        let comparison = compare(surface, expected, tolerance: tolerance)
        if comparison.differingPixels > 0 {
            try surface.writePNG(to: actualPath)
            try comparison.diff?.writePNG(to: diffPath)
            throw Mismatch(description: "\(name): \(comparison.differingPixels) pixels differ by more than \(tolerance) "
                           + "(largest difference \(comparison.largestDifference)); see \(actualPath) and \(diffPath)")
        }
    }

    public struct Comparison {
        public var differingPixels: Int
        public var largestDifference: Int
        public var diff: Surface?
    }

    /// Pixels whose channels differ by more than `tolerance`; sizes that differ count every pixel.
    /// The diff image is made only when something differs.
    public static func compare(_ a: Surface, _ b: Surface, tolerance: UInt8) -> Comparison {
        guard a.width == b.width, a.height == b.height else {
            return Comparison(differingPixels: max(a.width * a.height, b.width * b.height), largestDifference: 255, diff: nil)
        }
        let rowBytes = a.format == .a8 || b.format == .a8 ? a.width : a.width * 4
        let aPixels = a.pixels, bPixels = b.pixels
        var differing = 0, largest = 0
        var differingRows: [Int] = []
        for y in 0..<a.height {
            // Identical rows (the common case) are skipped without looking at each pixel.
            if memcmp(aPixels + y * a.stride, bPixels + y * b.stride, rowBytes) == 0 { continue }
            var rowDiffers = false
            for x in 0..<a.width {
                let worst = channelDifference(a.pixel(x: x, y: y), b.pixel(x: x, y: y))
                largest = max(largest, worst)
                if worst > Int(tolerance) {
                    differing += 1
                    rowDiffers = true
                }
            }
            if rowDiffers { differingRows.append(y) }
        }
        guard differing > 0 else { return Comparison(differingPixels: 0, largestDifference: largest, diff: nil) }
        let diff = Surface(width: a.width, height: a.height, format: .argb32)
        let diffPixels = diff.pixels
        for y in 0..<a.height {
            for x in 0..<a.width {
                let pa = a.pixel(x: x, y: y)
                let faded = 0xFF00_0000 | ((pa & 0x00FE_FEFE) >> 1) | 0x0040_4040
                let marked: UInt32 = channelDifference(pa, b.pixel(x: x, y: y)) > Int(tolerance) ? 0xFFFF_0000 : faded
                diffPixels.storeBytes(of: marked, toByteOffset: y * diff.stride + x * 4, as: UInt32.self)
            }
        }
        diff.markDirty()
        return Comparison(differingPixels: differing, largestDifference: largest, diff: diff)
    }

    private static func channelDifference(_ pa: UInt32, _ pb: UInt32) -> Int {
        var worst = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            worst = max(worst, abs(Int((pa >> UInt32(shift)) & 0xFF) - Int((pb >> UInt32(shift)) & 0xFF)))
        }
        return worst
    }

    /// Whether two surfaces hold exactly the same pixels (ignoring the unused byte of XRGB).
    public static func identical(_ a: Surface, _ b: Surface) -> Bool {
        compare(a, b, tolerance: 0).differingPixels == 0
    }
}
