import FoundationEssentials
import Glibc
import KioskGraphics

/// Where points land in the plot, in the plot's own device pixels (origin top-left).
///
/// With a window (a fixed number of points across the plot), points sit a whole number of pixels
/// apart and the newest is at the right: appending moves every earlier point left by exactly
/// `step` pixels, so the plot already drawn can be moved by a pixel copy and stays identical to a
/// fresh drawing. Without a window the points spread over the whole width.
struct ChartPlotGeometry: Equatable {
    let width: Int
    let height: Int
    /// Stroke width in pixels.
    let lineWidth: Double
    /// Points across the plot; nil spreads all points over the width.
    let window: Int?

    /// Pixels from one point to the next (whole when there is a window).
    func step(count: Int) -> Double {
        if let window { return max(1, (Double(width) / Double(max(window, 1))).rounded(.down)) }
        return Double(width) / Double(max(count, 1))
    }

    /// Points sit on whole pixels, so an area's pieces meet on pixel edges without a seam and a
    /// shift by whole steps moves every piece exactly.
    func x(of index: Int, count: Int) -> Double {
        let step = step(count: count)
        if window != nil { return Double(width) - (step / 2).rounded(.up) - Double(count - 1 - index) * step }
        return ((Double(index) + 0.5) * step).rounded()
    }

    /// Where the window's oldest slot begins: left of it the plot shows only the grid, as the
    /// window's whole steps may not fill the width exactly.
    func dataLeft(count: Int) -> Double {
        guard let window else { return 0 }
        return max(0, Double(width) - Double(window) * step(count: count))
    }

    /// Room kept above and below the range so a line at either end is not cut.
    var verticalPadding: Double { (lineWidth / 2).rounded(.up) + 1 }

    func y(of value: Double, scale: ChartScale) -> Double {
        let padding = verticalPadding
        let fraction = min(max(scale.fraction(of: value), -1), 2)
        return padding + (1 - fraction) * (Double(height) - 2 * padding)
    }

    /// How far around a point its drawing reaches: the round join or cap of a line, half a bar.
    func reach(count: Int) -> Double {
        max(lineWidth / 2 + 2, barWidth(count: count) / 2 + 1)
    }

    /// Hidden pixels kept on each side of the plot. Cairo rasterizes a shape cut by the surface's
    /// edge a little differently from a whole one, so no piece that shows may ever be cut: the
    /// pieces the edges cut lie wholly in these margins.
    func margin(count: Int) -> Int {
        Int((step(count: count) + 2 * reach(count: count)).rounded(.up)) + 2
    }

    func barWidth(count: Int) -> Double {
        max(1, (step(count: count) * 0.7).rounded())
    }
}
