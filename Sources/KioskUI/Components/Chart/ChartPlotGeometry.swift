import Foundation
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

    func x(of index: Int, count: Int) -> Double {
        let step = step(count: count)
        if window != nil { return Double(width) - (Double(count - index) - 0.5) * step }
        return (Double(index) + 0.5) * step
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

    func barWidth(count: Int) -> Double {
        max(1, (step(count: count) * 0.7).rounded())
    }

    /// The first index worth drawing: everything earlier lies wholly left of the plot, and the
    /// first drawn point itself is far enough out that its end cap cannot show.
    func firstDrawnIndex(count: Int) -> Int {
        guard window != nil else { return 0 }
        let step = step(count: count)
        let hidden = Int(((-x(of: 0, count: count) - reach(count: count)) / step).rounded(.down))
        return min(max(0, hidden), max(0, count - 1))
    }

    /// The indices whose points are inside the plot (they decide an automatic range).
    func visibleIndices(count: Int) -> Range<Int> {
        guard window != nil, count > 0 else { return 0..<count }
        let step = step(count: count)
        let hiddenCount = Int((-(x(of: 0, count: count) - step / 2) / step).rounded(.up))
        return min(max(0, hiddenCount), count)..<count
    }
}
