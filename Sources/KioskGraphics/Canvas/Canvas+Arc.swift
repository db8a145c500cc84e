import CCairo
import FoundationEssentials
import Glibc

extension Canvas {
    /// Fills a ring's arc: the band `lineWidth` wide along the circle of `radius` about `center`,
    /// from `startAngle` clockwise to `endAngle` (radians, 0 at three o'clock, y down), with round
    /// caps, inside the clip.
    ///
    /// Each pixel's coverage is the circle's own coverage mask (the one `strokeCircle` paints the
    /// track with, rasterized once) times how far the pixel lies inside the sector between the
    /// two ends, or inside a cap. That is a function of the pixel alone: repainting any part gives
    /// the pixels a whole repaint gives, without rasterizing an outline across whole rows
    /// (`CoverageScratch`), which was half of a ring's update. The arc never covers more than its
    /// track. Returns false, painting nothing, under a transform other than a uniform scale and a
    /// translation (a circle would not stay one), or for a circle too large for a mask: the
    /// caller fills the outline instead.
    public func fillArc(center: Point, radius: Double, lineWidth: Double, startAngle: Double, endAngle: Double,
                        color: RGBA) -> Bool {
        let transform = currentTransform
        // Finite everything: a coverage worked out from a NaN would not convert to a byte.
        guard transform.b == 0, transform.c == 0, transform.a == transform.d, transform.a > 0, transform.a.isFinite,
              transform.tx.isFinite, transform.ty.isFinite, center.x.isFinite, center.y.isFinite,
              radius.isFinite, lineWidth.isFinite, startAngle.isFinite, endAngle.isFinite, radius > 0, lineWidth > 0 else {
            return false
        }
        let placement = AffineTransform(translationX: center.x, y: center.y).concatenating(transform)
        guard let (mask, maskX, maskY) = shapeMasks.mask(for: .circleStroke(radius: radius, lineWidth: lineWidth),
                                                         transform: placement) else { return false }
        guard endAngle > startAngle else { return true }
        let geometry = ArcCoverage(center: transform.apply(to: center), radius: radius * transform.a,
                                   halfWidth: lineWidth / 2 * transform.a, startAngle: startAngle, endAngle: endAngle)
        // Only where the arc reaches: a ring under half full is worked out over half its track.
        let area = PixelRect(x: maskX, y: maskY, width: mask.surface.width, height: mask.surface.height)
            .intersection(PixelRect(covering: geometry.extent)).intersection(deviceClip)
            .intersection(PixelRect(x: 0, y: 0, width: surface.width, height: surface.height))
        guard !area.isEmpty else { return true }
        // The arc's coverage goes in a scratch the size of the track's mask, at the same place.
        let scratch = mask.scratch
        let ring = mask.surface.pixels.assumingMemoryBound(to: UInt8.self), ringStride = mask.surface.stride
        let out = scratch.pixels.assumingMemoryBound(to: UInt8.self), outStride = scratch.stride
        for y in area.y..<area.maxY {
            let ringRow = ring + (y - maskY) * ringStride - maskX, outRow = out + (y - maskY) * outStride - maskX
            let py = Double(y) + 0.5
            for x in area.x..<area.maxX {
                let track = ringRow[x]
                outRow[x] = track == 0 ? 0 : geometry.coverage(x: Double(x) + 0.5, y: py, track: track)
            }
        }
        scratch.markDirty(area.offsetBy(PixelOffset(x: -maskX, y: -maskY)))
        paint(color, throughMask: scratch, atPixelX: maskX, y: maskY, within: area)
        return true
    }
}

/// The geometry of a round-capped arc in device pixels, and the coverage of a pixel by it.
private struct ArcCoverage {
    let centerX: Double, centerY: Double
    /// Unit vectors from the centre towards each end.
    let startX: Double, startY: Double, endX: Double, endY: Double
    /// Whether the arc turns more than half the circle: the sector is then the union of the two
    /// half-planes its ends bound, not their intersection.
    let reflex: Bool
    let whole: Bool
    /// The caps' centres and radius, and how far from its centre a cap's pixels can be.
    let startCapX: Double, startCapY: Double, endCapX: Double, endCapY: Double
    let capRadius: Double, capReach: Double
    /// What the arc can cover: both caps, and the outer edge where the arc crosses an axis.
    let extent: Rect

    init(center: Point, radius: Double, halfWidth: Double, startAngle: Double, endAngle: Double) {
        centerX = center.x
        centerY = center.y
        startX = cos(startAngle)
        startY = sin(startAngle)
        endX = cos(endAngle)
        endY = sin(endAngle)
        let span = endAngle - startAngle
        reflex = span > Double.pi
        whole = span >= 2 * Double.pi
        startCapX = centerX + radius * startX
        startCapY = centerY + radius * startY
        endCapX = centerX + radius * endX
        endCapY = centerY + radius * endY
        capRadius = halfWidth
        capReach = halfWidth + 1
        extent = .enclosingArc(center: center, radius: radius, reach: capReach, from: startAngle, to: endAngle)
    }

    /// The coverage of the pixel centred at (`x`, `y`), given the circle's coverage there.
    @inline(__always)
    func coverage(x: Double, y: Double, track: UInt8) -> UInt8 {
        if whole { return track }
        let dx = x - centerX, dy = y - centerY
        // Signed distances to the lines through the centre and each end, positive on the arc's
        // side; half a pixel either side of a line is the pixel's share.
        let pastStart = startX * dy - startY * dx, beforeEnd = dx * endY - dy * endX
        var inside = min(max((reflex ? max(pastStart, beforeEnd) : min(pastStart, beforeEnd)) + 0.5, 0), 1)
        if inside < 1 {
            inside = max(inside, capCoverage(x, y, startCapX, startCapY), capCoverage(x, y, endCapX, endCapY))
        }
        // Rounded to the nearest by adding a half and truncating: the product is never negative.
        return UInt8(Double(track) * inside + 0.5)
    }

    @inline(__always)
    private func capCoverage(_ x: Double, _ y: Double, _ capX: Double, _ capY: Double) -> Double {
        let dx = x - capX, dy = y - capY
        guard abs(dx) < capReach, abs(dy) < capReach else { return 0 }
        return min(max(capRadius - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
    }
}
