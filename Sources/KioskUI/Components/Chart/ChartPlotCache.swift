import KioskGraphics

/// The plot's pixels, kept between frames. A new point with a window shifts them left by a copy
/// and draws only the strip that opened on the right; anything else draws them again in full.
/// The view paints the plot from here whether the frame repaints it wholly or in part, so a
/// partial repaint shows exactly the pixels of a full one.
@MainActor
final class ChartPlotCache {
    /// What the pixels were drawn from, apart from the values.
    struct Key: Equatable {
        var geometry: ChartPlotGeometry
        var scale: ChartScale
        var showsGrid: Bool
        var threshold: ChartThreshold?
        var appearance: Appearance
        var pixelScale: Double
        var looks: [ChartSeries.Kind]
        var colors: [Color]
    }

    /// How the last update brought the pixels up to date, for tests and benchmarks.
    enum Update: Equatable {
        case none
        /// Drew the whole plot, `width` pixels wide (and its margins).
        case full(width: Int)
        /// Moved by `shift` pixels (negative: left), then drew `strip` alone.
        case scrolled(shift: Int, strip: PixelRect)
    }

    private(set) var surface: Surface?
    /// Kept with the surface: a canvas owns scratch memory worth reusing every frame.
    private var canvas: Canvas?
    private(set) var lastUpdate = Update.none
    private var key: Key?
    private var isValid = false
    /// Points appended to every series since the pixels were last drawn.
    private var pendingAppends = 0
    /// Whether those appends pushed old points out of some series.
    private var pendingDropsOldest = false

    func invalidate() {
        isValid = false
        pendingAppends = 0
        pendingDropsOldest = false
    }

    /// Every series gained `count` points at its end (and maybe lost as many at its start).
    func noteAppended(_ count: Int, droppingOldest: Bool) {
        guard isValid else { return }
        pendingAppends += count
        pendingDropsOldest = pendingDropsOldest || droppingOldest
    }

    /// Brings the pixels up to date for `renderer`, keyed by `key`. The surface holds the plot
    /// between margins of `geometry.margin` pixels on both sides.
    func update(with renderer: ChartPlotRenderer, key newKey: Key, pointCount: Int) -> Surface? {
        let geometry = newKey.geometry
        guard geometry.width > 0, geometry.height > 0 else {
            surface = nil
            canvas = nil
            return nil
        }
        let canScroll = isValid && key == newKey && geometry.window != nil && surface != nil
        defer { key = newKey; isValid = true; pendingAppends = 0; pendingDropsOldest = false }
        if canScroll, pendingAppends == 0 {
            lastUpdate = .none
            return surface
        }
        let step = Int(geometry.step(count: pointCount))
        let margin = geometry.margin(count: pointCount)
        let fullStrip = PixelRect(x: -margin, y: 0, width: geometry.width + 2 * margin, height: geometry.height)
        let shift = pendingAppends * step
        // A dropped point's pieces were in the old picture; they may only be left behind where
        // the fresh picture has none either: wholly left of the window.
        let dropsAreHidden = !pendingDropsOldest || renderer.everySeriesStartsLeftOfTheWindow
        if canScroll, dropsAreHidden, let surface, let canvas, shift < geometry.width {
            // The newest point before the appends is where the old picture ends being right.
            let previousNewest = geometry.x(of: pointCount - 1 - pendingAppends, count: pointCount)
            let stripStart = max(0, Int((previousNewest - geometry.reach(count: pointCount)).rounded(.down)))
            surface.shiftPixels(in: PixelRect(x: 0, y: 0, width: surface.width, height: surface.height), by: -shift)
            let strip = PixelRect(x: stripStart, y: 0, width: geometry.width + margin - stripStart, height: geometry.height)
            renderer.render(into: canvas, strip: strip, margin: margin)
            // Left of the window the plot shows only the grid: clear what the shift carried there.
            let dataLeft = Int(geometry.dataLeft(count: pointCount))
            if dataLeft > 0 {
                renderer.render(into: canvas, strip: PixelRect(x: 0, y: 0, width: dataLeft, height: geometry.height), margin: margin)
            }
            lastUpdate = .scrolled(shift: -shift, strip: strip)
            return surface
        }
        if surface?.width != fullStrip.width || surface?.height != geometry.height {
            let made = Surface(width: fullStrip.width, height: geometry.height, format: .argb32)
            surface = made
            canvas = Canvas(surface: made)
        }
        guard let surface, let canvas else { return nil }
        renderer.render(into: canvas, strip: fullStrip, margin: margin)
        lastUpdate = .full(width: geometry.width)
        return surface
    }
}
