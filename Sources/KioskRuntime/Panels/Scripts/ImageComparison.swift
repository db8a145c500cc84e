import KioskGraphics

/// Compares two pictures channel by channel, allowing `tolerance` per channel (rounding, not changes).
public struct ImageComparison {
    public var differingPixels: Int
    public var largestDifference: Int
    /// Differing pixels in red over a faded copy of the actual picture (nil when the sizes differ).
    public var diff: Surface?

    public init(actual: Surface, expected: Surface, tolerance: UInt8) {
        guard actual.width == expected.width, actual.height == expected.height else {
            differingPixels = max(actual.width * actual.height, expected.width * expected.height)
            largestDifference = 255
            diff = nil
            return
        }
        let diff = Surface(width: actual.width, height: actual.height, format: .argb32)
        var differing = 0, largest = 0
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let a = actual.pixel(x: x, y: y), b = expected.pixel(x: x, y: y)
                var worst = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
                largest = max(largest, worst)
                let isDifferent = worst > Int(tolerance)
                if isDifferent { differing += 1 }
                let faded = 0xFF00_0000 | ((a & 0x00FE_FEFE) >> 1) | 0x0040_4040
                diff.pixels.storeBytes(of: isDifferent ? 0xFFFF_0000 : faded, toByteOffset: y * diff.stride + x * 4, as: UInt32.self)
            }
        }
        diff.markDirty()
        differingPixels = differing
        largestDifference = largest
        self.diff = diff
    }
}
