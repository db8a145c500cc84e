import KioskGraphics
import KioskPlatform

/// A picture that proves a display works: a known background, a coloured square in each corner
/// (red, green, blue, white from top-left clockwise to bottom-left… see `cornerColors`) and a
/// vertical bar that moves left to right. Each buffer remembers where its bar is, so a frame writes
/// only the old and the new bar (its buffer-age damage), never reading scanout memory.
struct TestPattern {
    static let background: UInt32 = 0x20_40_80
    static let bar: UInt32 = 0xFF_C0_00
    /// top-left, top-right, bottom-left, bottom-right
    static let cornerColors: [UInt32] = [0xFF_00_00, 0x00_FF_00, 0x00_00_FF, 0xFF_FF_FF]
    static let cornerSize = 64
    static let barWidth = 64
    static let barStep = 8

    let width: Int
    let height: Int
    private var barPositions: [Int?]

    init(width: Int, height: Int, bufferCount: Int) {
        self.width = width
        self.height = height
        barPositions = Array(repeating: nil, count: bufferCount)
    }

    /// The bar's left edge in frame `frame`.
    func barX(forFrame frame: Int) -> Int { (frame * Self.barStep) % max(width - Self.barWidth, 1) }

    /// Where the bar ends up in the final, held frame: centred.
    var finalBarX: Int { (width - Self.barWidth) / 2 }

    func barRect(atX x: Int) -> PixelRect {
        PixelRect(x: x, y: Self.cornerSize + 32, width: Self.barWidth, height: height - 2 * (Self.cornerSize + 32))
    }

    /// Draws the bar at `x` into `buffer` and returns the rectangles written.
    mutating func draw(barAt x: Int, into buffer: ScanoutBuffer, index: Int) -> Region {
        var damage = Region()
        if let old = barPositions[index] {
            guard old != x else { return damage }
            fill(barRect(atX: old), with: Self.background, in: buffer)
            damage.add(barRect(atX: old))
        } else {
            let whole = PixelRect(x: 0, y: 0, width: width, height: height)
            fill(whole, with: Self.background, in: buffer)
            let size = Self.cornerSize
            let corners = [PixelRect(x: 0, y: 0, width: size, height: size),
                           PixelRect(x: width - size, y: 0, width: size, height: size),
                           PixelRect(x: 0, y: height - size, width: size, height: size),
                           PixelRect(x: width - size, y: height - size, width: size, height: size)]
            for (rect, color) in zip(corners, Self.cornerColors) { fill(rect, with: color, in: buffer) }
            damage.add(whole)
        }
        fill(barRect(atX: x), with: Self.bar, in: buffer)
        damage.add(barRect(atX: x))
        barPositions[index] = x
        return damage
    }

    private func fill(_ rect: PixelRect, with color: UInt32, in buffer: ScanoutBuffer) {
        let clipped = rect.intersection(PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        guard !clipped.isEmpty else { return }
        for row in clipped.y..<clipped.maxY {
            let start = (buffer.pixels + row * buffer.stride).assumingMemoryBound(to: UInt32.self) + clipped.x
            start.update(repeating: color, count: clipped.width)
        }
    }
}
