import CCairo
import FoundationEssentials
import Glibc

/// Blurred shadow masks, kept per (size, corner radius, blur radius): blurring is the one costly
/// step of a shadow, and a panel's cards share a handful of shapes that rarely change.
public final class ShadowMaskCache {
    struct Key: Hashable {
        var width: Double
        var height: Double
        var cornerRadius: Double
        var blurRadius: Double
    }

    /// An A8 surface holding the blurred shape, `padding` pixels larger than it on every side.
    final class Mask {
        let surface: Surface
        let padding: Int
        private var inkBoxes: [RGBA: PixelRect] = [:]

        init(surface: Surface, padding: Int) {
            self.surface = surface
            self.padding = padding
        }

        /// The pixels of the mask that change what is under them when `color` is composited
        /// through it on whole pixels. The blur's far tail holds values that, multiplied by a
        /// faint shadow's alpha, round to nothing: compositing there leaves every pixel as it was.
        func inkBox(of color: RGBA) -> PixelRect {
            if let known = inkBoxes[color] { return known }
            let faintest = Self.faintestVisibleValue(of: color)
            let width = surface.width, height = surface.height, stride = surface.stride
            let values = surface.pixels.assumingMemoryBound(to: UInt8.self)
            var minX = width, minY = height, maxX = -1, maxY = -1
            for y in 0..<height {
                let row = values + y * stride
                guard let first = (0..<width).first(where: { row[$0] >= faintest }) else { continue }
                let last = (first..<width).last(where: { row[$0] >= faintest })!
                minX = min(minX, first)
                maxX = max(maxX, last)
                minY = min(minY, y)
                maxY = y
            }
            let box = maxX < 0 ? PixelRect.zero : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            // A handful of colours per mask at most (a light and a dark appearance): kept whole.
            if inkBoxes.count >= 8 { inkBoxes.removeAll() }
            inkBoxes[color] = box
            return box
        }

        /// The least mask value through which `color` changes a transparent pixel, found by
        /// compositing it through every value once, so the rounding is pixman's own (the result
        /// grows with the value); 256 when none does.
        private static func faintestVisibleValue(of color: RGBA) -> Int {
            let ramp = Surface(width: 256, height: 1, format: .a8)
            let steps = ramp.pixels.assumingMemoryBound(to: UInt8.self)
            for value in 0..<256 { steps[value] = UInt8(value) }
            ramp.markDirty()
            let result = Surface(width: 256, height: 1)
            let cr = cairo_create(result.handle)!
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_mask_surface(cr, ramp.handle, 0, 0)
            cairo_destroy(cr)
            let pixels = result.pixels.assumingMemoryBound(to: UInt32.self)
            return (0..<256).first(where: { pixels[$0] != 0 }) ?? 256
        }
    }

    private var masks: LeastRecentlyUsedCache<Key, Mask>
    public private(set) var misses = 0

    /// At most `capacity` masks taking at most `byteBudget` bytes together (the newest is kept
    /// whatever its size).
    public init(capacity: Int = 64, byteBudget: Int = 8 << 20) {
        masks = LeastRecentlyUsedCache(capacity: capacity, byteBudget: byteBudget)
    }

    public var capacity: Int { masks.capacity }
    public var count: Int { masks.count }
    /// The bytes the kept masks take.
    public var bytes: Int { masks.bytes }

    func mask(width: Double, height: Double, cornerRadius: Double, blurRadius: Double) -> Mask {
        let key = Key(width: width, height: height, cornerRadius: cornerRadius, blurRadius: blurRadius)
        if let mask = masks.value(for: key) { return mask }
        misses += 1
        let mask = Self.render(key)
        masks.insert(mask, bytes: mask.surface.stride * mask.surface.height, for: key)
        return mask
    }

    private static func render(_ key: Key) -> Mask {
        let sigma = key.blurRadius / 2
        // Held at a surface's largest side: a larger mask could not be made anyway (see `Surface.init`).
        let largest = Surface.maximumSide
        let padding = min(Int(saturating: (key.blurRadius * 1.5).rounded(.up)), largest)
        let width = min(Int(saturating: key.width.rounded(.up)), largest) + 2 * padding
        let height = min(Int(saturating: key.height.rounded(.up)), largest) + 2 * padding
        let surface = Surface(width: width, height: height, format: .a8)
        let cr = cairo_create(surface.handle)!
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        Canvas.appendRoundedRect(cr, Rect(x: Double(padding), y: Double(padding), width: key.width, height: key.height),
                                 radius: key.cornerRadius)
        cairo_fill(cr)
        cairo_destroy(cr)
        if sigma > 0 {
            BoxBlur.blurA8(surface, sigma: sigma)
        }
        return Mask(surface: surface, padding: padding)
    }
}

/// A Gaussian blur approximated by three box blurs per axis, on 8-bit alpha.
package enum BoxBlur {
    /// Blurs `surface` in place. What repeats is blurred once: a shadow's shape is mostly rows
    /// alike and columns alike (a card's straight sides), and where a run of them is longer than
    /// the blur reaches across, the blurred ones in its middle come out alike too. Such a run is
    /// shortened to what the blur needs (`Repeats`), the smaller picture blurred, and its middle
    /// row and column repeated back: byte for byte what blurring the whole gives, at a fraction
    /// of the cost (a start blurs every card's shadow).
    package static func blurA8(_ surface: Surface, sigma: Double) {
        let boxes = boxSizes(sigma: sigma, passes: 3)
        let reach = boxes.reduce(0) { $0 + ($1 - 1) / 2 }
        let width = surface.width, height = surface.height, stride = surface.stride
        guard width > 0, height > 0 else { return }
        let pixels = surface.pixels.assumingMemoryBound(to: UInt8.self)
        let rows = Repeats.rows(pixels, width: width, height: height, stride: stride, reach: reach)
        let columns = Repeats.columns(pixels, width: width, height: height, stride: stride, reach: reach)
        guard rows.removed > 0 || columns.removed > 0 else {
            blurDirectly(surface, sigma: sigma)
            return
        }
        let small = Surface(width: width - columns.removed, height: height - rows.removed, format: .a8)
        let smallPixels = small.pixels.assumingMemoryBound(to: UInt8.self), smallStride = small.stride
        for y in 0..<small.height {
            columns.shorten(pixels + rows.original(of: y) * stride, into: smallPixels + y * smallStride, width: width)
        }
        small.markDirty()
        blurDirectly(small, sigma: sigma)
        let blurred = small.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            columns.lengthen(blurred + rows.shortened(of: y) * smallStride, into: pixels + y * stride, width: width)
        }
        surface.markDirty()
    }

    /// Blurs every pixel of `surface`, repeated or not (`blurA8` blurs a shortened copy).
    package static func blurDirectly(_ surface: Surface, sigma: Double) {
        let boxes = boxSizes(sigma: sigma, passes: 3)
        let width = surface.width, height = surface.height, stride = surface.stride
        guard width > 0, height > 0 else { return }
        let pixels = surface.pixels.assumingMemoryBound(to: UInt8.self)
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
        let unblurred = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: width)
        defer {
            line.deallocate()
            unblurred.deallocate()
            sums.deallocate()
        }
        for box in boxes {
            let r = (box - 1) / 2
            for y in 0..<height {
                let row = pixels + y * stride
                boxLine(row, into: line, count: width, radius: r)
                row.update(from: line, count: width)
            }
            unblurred.update(from: pixels, count: stride * height)
            boxColumns(unblurred, into: pixels, width: width, height: height, stride: stride, radius: r, sums: sums)
        }
        surface.markDirty()
    }

    /// The longest run of alike rows (or columns) of a picture, and how it is shortened: to
    /// `2 × reach + 1`, where the blur of the middle one sees only the run on either side. The
    /// blur of a pixel depends on the pixels within `reach` of it alone, and the same way
    /// everywhere (the picture's edges stay as far away), so each blurred row before the middle
    /// is that of the same row of the shortened picture, each after it that of the row as far from
    /// the end, and the rows between are all the middle one.
    package struct Repeats {
        /// The run: its first row (column) and how many there are.
        let start: Int, count: Int
        let reach: Int
        /// How many rows (columns) the shortened picture has fewer.
        package var removed: Int { max(0, count - (2 * reach + 1)) }

        /// The row (column) of the whole picture that the shortened picture's `index` is.
        func original(of index: Int) -> Int { index < start + 2 * reach + 1 ? index : index + removed }

        /// The row (column) of the blurred shortened picture that the whole picture's `index` is.
        func shortened(of index: Int) -> Int {
            guard removed > 0 else { return index }
            if index < start + reach { return index }
            if index < start + count - reach { return start + reach }
            return index - removed
        }

        package static func rows(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, reach: Int) -> Repeats {
            longestRun(count: height, reach: reach) { (index: Int) -> Bool in
                memcmp(pixels + index * stride, pixels + (index - 1) * stride, width) == 0
            }
        }

        package static func columns(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, reach: Int) -> Repeats {
            guard width > 1 else { return Repeats(start: 0, count: width, reach: reach) }
            // Whether each column differs from the one before it, a row at a time (in memory order).
            var differs = [Bool](repeating: false, count: width)
            for y in 0..<height {
                let row = pixels + y * stride
                for x in 1..<width where row[x] != row[x - 1] { differs[x] = true }
            }
            return longestRun(count: width, reach: reach) { !differs[$0] }
        }

        /// The longest run of indices each `isLikePrevious` of the one before it.
        private static func longestRun(count: Int, reach: Int, isLikePrevious: (Int) -> Bool) -> Repeats {
            var best = (start: 0, count: min(count, 1)), start = 0
            for index in 1..<max(count, 1) where !isLikePrevious(index) {
                if index - start > best.count { best = (start, index - start) }
                start = index
            }
            if count - start > best.count { best = (start, count - start) }
            return Repeats(start: best.start, count: best.count, reach: reach)
        }

        /// Copies a row of `width` with the columns of the run beyond what the blur needs left out.
        func shorten(_ row: UnsafePointer<UInt8>, into shortened: UnsafeMutablePointer<UInt8>, width: Int) {
            guard removed > 0 else {
                shortened.update(from: row, count: width)
                return
            }
            let kept = start + 2 * reach + 1
            shortened.update(from: row, count: kept)
            (shortened + kept).update(from: row + kept + removed, count: width - kept - removed)
        }

        /// Writes a blurred shortened row back at full width: the middle column repeated over the run.
        func lengthen(_ row: UnsafePointer<UInt8>, into whole: UnsafeMutablePointer<UInt8>, width: Int) {
            guard removed > 0 else {
                whole.update(from: row, count: width)
                return
            }
            let left = start + reach, right = start + count - reach
            whole.update(from: row, count: left)
            (whole + left).update(repeating: row[start + reach], count: right - left)
            (whole + right).update(from: row + right - removed, count: width - right)
        }
    }

    /// Odd box widths whose three passes give the variance of a Gaussian of `sigma`.
    package static func boxSizes(sigma: Double, passes: Int) -> [Int] {
        let ideal = (12 * sigma * sigma / Double(passes) + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let idealM = (12 * sigma * sigma - Double(passes * lower * lower) - Double(4 * passes * lower) - Double(3 * passes))
            / Double(-4 * lower - 4)
        let m = Int(idealM.rounded())
        return (0..<passes).map { $0 < m ? lower : upper }
    }

    /// Division of a box's rounded sum by its size, as a multiplication and a shift: the quotient
    /// rounded down, as `/` gives it, for every sum a box of 8-bit values holds (below 2^24; a
    /// size of 2^16 or more divides). Dividing at each pixel was most of a blur's time, and a
    /// start blurs every card's shadow once.
    package struct Divider {
        let divisor: Int
        private let multiplier: UInt64, shift: UInt64

        package init(_ divisor: Int) {
            precondition(divisor > 0, "a box of \(divisor) pixels")
            self.divisor = divisor
            // multiplier = ⌈2^shift / divisor⌉ exceeds 2^shift / divisor by less than 1 / divisor, so
            // for a value below 2^24 the product strays by less than value / 2^shift ≤ 1 / divisor of
            // a unit: never across a whole number.
            let bits = UInt64(Int.bitWidth - (divisor - 1).leadingZeroBitCount)
            shift = 24 + bits
            multiplier = ((1 << shift) + UInt64(divisor) - 1) / UInt64(divisor)
        }

        @inline(__always) package func quotient(_ value: Int) -> Int {
            guard divisor < 1 << 16 else { return value / divisor }
            return Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: value) &* multiplier) >> shift)
        }
    }

    /// A running-sum box filter over one row, treating pixels outside as transparent.
    private static func boxLine(_ input: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, count: Int, radius: Int) {
        let size = 2 * radius + 1
        let divider = Divider(size)
        var sum = 0
        for i in 0..<min(radius, count) { sum += Int(input[i]) }
        for i in 0..<count {
            let entering = i + radius
            if entering < count { sum += Int(input[entering]) }
            let leaving = i - radius - 1
            if leaving >= 0 { sum -= Int(input[leaving]) }
            output[i] = UInt8(truncatingIfNeeded: divider.quotient(sum + size / 2))
        }
    }

    /// `boxLine` down every column at once, a row at a time: the same sums, read in the order the
    /// pixels lie in memory (a column at a time reads one byte from every row, each from memory).
    private static func boxColumns(_ input: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, width: Int,
                                   height: Int, stride: Int, radius: Int, sums: UnsafeMutablePointer<Int>) {
        let size = 2 * radius + 1
        let divider = Divider(size)
        sums.update(repeating: 0, count: width)
        func add(row: Int, sign: Int) {
            let pixels = input + row * stride
            for x in 0..<width { sums[x] += sign * Int(pixels[x]) }
        }
        for y in 0..<min(radius, height) { add(row: y, sign: 1) }
        for y in 0..<height {
            if y + radius < height { add(row: y + radius, sign: 1) }
            if y - radius - 1 >= 0 { add(row: y - radius - 1, sign: -1) }
            let out = output + y * stride
            for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: divider.quotient(sums[x] + size / 2)) }
        }
    }
}
