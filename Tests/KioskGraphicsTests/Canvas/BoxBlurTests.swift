import KioskGraphics
import Testing

/// The shadow blur gives, byte for byte, what three box blurs per axis give when each row and
/// each column is filtered on its own (its columns are filtered all at once, row by row).
struct BoxBlurTests {
    @Test(arguments: [(1, 1, 0.5), (5, 3, 8.0), (40, 30, 2.0), (64, 17, 8.0), (17, 64, 12.5), (435, 358, 8.0)])
    func theBlurIsThreeBoxBlursPerRowAndColumn(width: Int, height: Int, sigma: Double) {
        let surface = Surface(width: width, height: height, format: .a8)
        let stride = surface.stride
        let pixels = surface.pixels.assumingMemoryBound(to: UInt8.self)
        var original = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                // A shape with hard edges, and scattered specks of any value: what a mask holds, and
                // what it does not.
                let inside = x > width / 4 && x < width * 3 / 4 && y > height / 4 && y < height * 3 / 4
                let speck = (x &* 7_919 ^ y &* 104_729) % 13 == 0
                original[y * stride + x] = inside ? 255 : speck ? UInt8(truncatingIfNeeded: x &* 31 &+ y &* 17) : 0
            }
        }
        for index in original.indices { pixels[index] = original[index] }
        surface.markDirty()
        BoxBlur.blurA8(surface, sigma: sigma)
        let expected = Self.reference(original, width: width, height: height, stride: stride, sigma: sigma)
        let blurred = surface.pixels.assumingMemoryBound(to: UInt8.self)
        var differing = 0
        for y in 0..<height { for x in 0..<width where blurred[y * stride + x] != expected[y * stride + x] { differing += 1 } }
        #expect(differing == 0)
    }

    /// The division by a box's size, as a multiplication, is the division for every rounded sum of
    /// 8-bit values, at every size a blur uses and at the largest sums, and divides past them.
    @Test func dividingByABoxSizeIsExact() {
        for size in Array(1...129) + [301, 1_023, 4_097, 65_535] {
            let divider = BoxBlur.Divider(size)
            let largest = 255 * size + size / 2
            let values = size <= 129 ? Array(0...largest) : Array(0...2_000) + Array((largest - 2_000)...largest)
            #expect(values.allSatisfy { divider.quotient($0) == $0 / size }, "size \(size)")
        }
        #expect(BoxBlur.Divider(65_536).quotient(1 << 30) == (1 << 30) / 65_536)
        #expect(BoxBlur.Divider(70_001).quotient(123_456_789) == 123_456_789 / 70_001)
    }

    /// A shadow's shape has runs of rows alike and of columns alike: they are blurred once,
    /// shortened, and repeated, and give byte for byte what blurring every pixel gives. Shapes
    /// taller or wider than the blur reaches, between pixels, thin, and too small to shorten.
    @Test(arguments: [(400.0, 300.0, 12.0, 8.0), (100.5, 77.25, 10.0, 4.0), (50.0, 400.0, 25.0, 15.0), (600.0, 40.0, 0.0, 8.0),
                      (33.0, 33.0, 16.5, 6.0), (3.0, 500.0, 1.0, 2.0), (700.0, 2.0, 0.0, 1.0), (20.0, 20.0, 4.0, 12.5)])
    func runsOfAlikeRowsAndColumnsAreBlurredOnce(width: Double, height: Double, corner: Double, sigma: Double) {
        let padding = Int((sigma * 3).rounded(.up))
        func mask() -> Surface {
            let mask = Surface(width: Int(width.rounded(.up)) + 2 * padding, height: Int(height.rounded(.up)) + 2 * padding, format: .a8)
            Canvas(surface: mask).fill(roundedRect: Rect(x: Double(padding), y: Double(padding), width: width, height: height),
                                       radius: corner, color: RGBA(hex: 0xFFFFFF))
            return mask
        }
        let surface = mask(), whole = mask()
        let reach = BoxBlur.boxSizes(sigma: sigma, passes: 3).reduce(0) { $0 + ($1 - 1) / 2 }
        let pixels = surface.pixels.assumingMemoryBound(to: UInt8.self)
        let rows = BoxBlur.Repeats.rows(pixels, width: surface.width, height: surface.height, stride: surface.stride, reach: reach)
        let columns = BoxBlur.Repeats.columns(pixels, width: surface.width, height: surface.height, stride: surface.stride, reach: reach)
        // The tall and the wide shapes are shortened (else this would compare a blur with itself).
        if height - 2 * corner > Double(2 * reach + 2) { #expect(rows.removed > 0) }
        if width - 2 * corner > Double(2 * reach + 2) { #expect(columns.removed > 0) }
        BoxBlur.blurA8(surface, sigma: sigma)
        BoxBlur.blurDirectly(whole, sigma: sigma)
        let difference = surface.difference(from: whole)
        #expect(difference.isEmpty, "\(difference.differingPixels) pixels differ in \(difference.differingBounds)")
        #expect(whole.pixel(x: surface.width / 2, y: surface.height / 2) != 0)
    }

    /// Pictures that are one run whole (blank, or filled), one pixel wide or high: shortened or
    /// not, the same bytes as blurring every pixel.
    @Test(arguments: [(500, 300, 0 as UInt8), (400, 200, 255), (1, 400, 255), (400, 1, 128), (1, 1, 200)])
    func picturesThatAreOneRunAreBlurredAsAWhole(width: Int, height: Int, value: UInt8) {
        func picture() -> Surface {
            let surface = Surface(width: width, height: height, format: .a8)
            for y in 0..<height { (surface.pixels + y * surface.stride).initializeMemory(as: UInt8.self, repeating: value, count: width) }
            surface.markDirty()
            return surface
        }
        let shortened = picture(), whole = picture()
        BoxBlur.blurA8(shortened, sigma: 8)
        BoxBlur.blurDirectly(whole, sigma: 8)
        #expect(shortened.difference(from: whole).isEmpty)
    }

    /// Each row, then each column, through a running sum, three times over.
    static func reference(_ input: [UInt8], width: Int, height: Int, stride: Int, sigma: Double) -> [UInt8] {
        var pixels = input
        func filter(_ line: [UInt8], radius: Int) -> [UInt8] {
            let size = 2 * radius + 1
            return line.indices.map { i in
                let window = max(0, i - radius)...min(line.count - 1, i + radius)
                let sum = window.reduce(0) { $0 + Int(line[$1]) }
                return UInt8((sum + size / 2) / size)
            }
        }
        for box in BoxBlur.boxSizes(sigma: sigma, passes: 3) {
            let radius = (box - 1) / 2
            for y in 0..<height {
                let row = filter((0..<width).map { pixels[y * stride + $0] }, radius: radius)
                for x in 0..<width { pixels[y * stride + x] = row[x] }
            }
            for x in 0..<width {
                let column = filter((0..<height).map { pixels[$0 * stride + x] }, radius: radius)
                for y in 0..<height { pixels[y * stride + x] = column[y] }
            }
        }
        return pixels
    }
}
