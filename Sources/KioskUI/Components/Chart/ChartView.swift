import FoundationEssentials
import Glibc
import KioskGraphics

/// A chart of line, area and bar series over a value axis with locale-formatted ticks, an optional
/// grid, a fixed or automatic range and a threshold line.
///
/// The plot is kept as pixels (`ChartPlotCache`). With a `window` (a fixed number of points across
/// the plot, newest at the right), appending a point to every series shifts those pixels left by
/// a copy and draws only the strip that opened; the damage is the plot rectangle alone, unless the
/// automatic range (and so the tick labels) changes. The value axis sits on the leading side;
/// time runs left to right in either layout direction.
open class ChartView: View {
    public var series: [ChartSeries] {
        didSet { if series != oldValue { seriesDidChange(from: oldValue) } }
    }

    /// The range shown; nil ends follow the data (widened to whole tick steps).
    public var minimum: Double? {
        didSet { if minimum != oldValue { rangeDidChange() } }
    }

    public var maximum: Double? {
        didSet { if maximum != oldValue { rangeDidChange() } }
    }

    /// Points across the plot. Nil spreads every point over the width.
    public var window: Int? {
        didSet {
            if window != oldValue {
                window = window.map { min(max($0, 2), ChartSeries.maximumCount) }
                rangeDidChange()
            }
        }
    }

    public var showsGrid = true {
        didSet { if showsGrid != oldValue { plotCache.invalidate(); setNeedsDisplay() } }
    }

    public var threshold: ChartThreshold? {
        didSet { if threshold != oldValue { plotCache.invalidate(); setNeedsDisplay() } }
    }

    /// Labels spread evenly under the plot (times, days); none leaves the row out.
    public var xLabels: [String] = [] {
        didSet { if xLabels != oldValue { plotCache.invalidate(); setNeedsDisplay() } }
    }

    /// Stroke width of lines, in points.
    public var lineWidth: Double = 2 {
        didSet { if lineWidth != oldValue { plotCache.invalidate(); setNeedsDisplay() } }
    }

    public var labelColor: Color = .secondaryLabel {
        didSet { if labelColor != oldValue { setNeedsDisplay() } }
    }

    /// The style or font of the tick labels and the x labels. Their size sets the axis's width and
    /// the rows above and below the plot, so the plot is drawn again at its new place.
    public var axisFont: FontValue = .style(.caption2) {
        didSet { if axisFont != oldValue { plotCache.invalidate(); setNeedsDisplay() } }
    }

    /// How the plot's pixels were last brought up to date (full drawing, or a shift and a strip).
    public var lastPlotUpdate: String {
        switch plotCache.lastUpdate {
        case .none: "none"
        case .full: "full"
        case .scrolled(let shift, let strip): "scrolled \(shift) strip \(strip)"
        }
    }

    /// The pixels the last plot update drew (the whole plot, or the new strip), in plot pixels.
    public var lastPlotStripWidth: Int? {
        switch plotCache.lastUpdate {
        case .none: 0
        case .full(let width): width
        case .scrolled(_, let strip): strip.width
        }
    }

    static let pointsKeptBeyondTheWindow = 64

    private let plotCache = ChartPlotCache()
    private let tickFormatter = ChartTickFormatter()
    private var tickLayouts: [TextLayout] = []
    /// The layouts of the x labels drawn (tests count them).
    private(set) var xLabelLayouts: [TextLayout] = []
    /// Measures the longest x label, to find how many fit.
    private let xLabelProbe = TextLayout(font: Font(size: 11))
    private var currentScale: ChartScale

    public init(series: [ChartSeries] = [], minimum: Double? = nil, maximum: Double? = nil, window: Int? = nil) {
        self.series = series
        self.minimum = minimum
        self.maximum = maximum
        self.window = window.map { min(max($0, 2), ChartSeries.maximumCount) }
        currentScale = ChartScale(minimum: minimum, maximum: maximum, data: nil)
        super.init()
        currentScale = computeScale()
    }

    open override var intrinsicContentSize: Size? { Size(width: 300, height: 160) }

    /// Adds one value to the end of each series (the first value to the first series…).
    public func append(_ values: [Double]) {
        // With a window, a few points more than it shows are kept: the plot can only be scrolled
        // when the oldest kept point lies left of the window, beyond the reach of its line.
        let kept = window.map { min($0 + Self.pointsKeptBeyondTheWindow, ChartSeries.maximumCount) } ?? ChartSeries.maximumCount
        var updated = series
        for (index, value) in zip(updated.indices, values) {
            updated[index].values.append(value)
            if updated[index].values.count > kept {
                updated[index].values.removeFirst(updated[index].values.count - kept)
            }
        }
        series = updated
    }

    // MARK: Changes

    private func seriesDidChange(from old: [ChartSeries]) {
        if let appended = Self.appendedCount(from: old, to: series), window != nil {
            plotCache.noteAppended(appended.count, droppingOldest: appended.dropsOldest)
        } else {
            plotCache.invalidate()
        }
        let scale = computeScale()
        if scale != currentScale {
            currentScale = scale
            plotCache.invalidate()
            setNeedsDisplay()
        } else {
            setNeedsDisplay(in: plotRect)
        }
    }

    private func rangeDidChange() {
        currentScale = computeScale()
        plotCache.invalidate()
        setNeedsDisplay()
    }

    /// How many points every series gained at its end, the rest being the old values (less some
    /// dropped at the start); nil when the change is anything else or differs between series.
    static func appendedCount(from old: [ChartSeries], to new: [ChartSeries]) -> (count: Int, dropsOldest: Bool)? {
        guard old.count == new.count, !new.isEmpty else { return nil }
        var common: Int?
        var dropsOldest = false
        for (before, after) in zip(old, new) {
            guard before.kind == after.kind, before.color == after.color else { return nil }
            var found: Int?
            for count in 1...max(1, min(after.values.count, 64)) where after.values.count >= count {
                let kept = after.values.count - count
                if kept <= before.values.count, after.values[..<kept].elementsEqual(before.values[(before.values.count - kept)...]) {
                    found = count
                    break
                }
            }
            guard let found, common == nil || common == found else { return nil }
            common = found
            dropsOldest = dropsOldest || after.values.count - found < before.values.count
        }
        return common.map { ($0, dropsOldest) }
    }

    private func computeScale() -> ChartScale {
        var low = Double.infinity, high = -Double.infinity
        if minimum == nil || maximum == nil {
            // The points in the window's slots decide, whatever the plot's size: an older point
            // that still shows left of them (when whole steps leave room) is clipped away.
            for item in series {
                for value in item.values.suffix(window ?? item.values.count) {
                    low = min(low, value)
                    high = max(high, value)
                }
            }
        }
        return ChartScale(minimum: minimum, maximum: maximum, data: low <= high ? (low, high) : nil)
    }

    // MARK: Layout

    private var labelFont: Font { environment.font(axisFont) }

    /// Caption2's line is 13 points high at a text scale of 1; any other font's line is measured.
    private var labelLineHeight: Double {
        let font = labelFont
        if font == environment.font(.caption2) { return (13 * environment.textScale).rounded(.up) }
        lineMeasure.setFont(font)
        return lineMeasure.size.height.rounded(.up)
    }

    private let lineMeasure = TextLayout(text: "0", font: Font.style(.caption2))

    private static let axisGap = 6.0

    /// The widest tick label, measured with the cached layouts.
    private var axisWidth: Double {
        let labels = tickLabels
        let font = labelFont
        while tickLayouts.count < labels.count { tickLayouts.append(TextLayout(font: font)) }
        var widest = 0.0
        for (layout, text) in zip(tickLayouts, labels) {
            layout.setFont(font)
            layout.setText(text)
            widest = max(widest, layout.size.width)
        }
        return widest.rounded(.up) + Self.axisGap
    }

    private var tickLabels: [String] {
        tickFormatter.labels(for: currentScale.ticks, fractionDigits: currentScale.fractionDigits, locale: environment.locale)
    }

    /// The plot inside the content, on whole points: left of the axis in either direction's
    /// leading side, above the x labels, with half a label of room above and below for the ticks.
    public var plotRect: Rect {
        let content = contentRect
        let axis = axisWidth
        let half = (labelLineHeight / 2).rounded(.up)
        let bottom = xLabels.isEmpty ? half : labelLineHeight + 4
        let leading = environment.layoutDirection == .leftToRight
        let rect = Rect(x: content.minX + (leading ? axis : 0), y: content.minY + half,
                        width: max(0, content.width - axis), height: max(0, content.height - half - bottom))
        return Rect(x: rect.minX.rounded(), y: rect.minY.rounded(), width: rect.width.rounded(.down), height: rect.height.rounded(.down))
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        let plot = plotRect
        let transform = canvas.currentTransform
        let pixelScale = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        let geometry = ChartPlotGeometry(width: Int((plot.width * pixelScale).rounded()), height: Int((plot.height * pixelScale).rounded()),
                                         lineWidth: lineWidth * pixelScale, window: window)
        if rect.intersects(plot) {
            let renderer = ChartPlotRenderer(series: series, scale: currentScale, geometry: geometry, showsGrid: showsGrid,
                                             threshold: threshold, environment: environment, pixelScale: pixelScale)
            let key = ChartPlotCache.Key(geometry: geometry, scale: currentScale, showsGrid: showsGrid, threshold: threshold,
                                         appearance: environment.appearance, pixelScale: pixelScale,
                                         looks: series.map(\.kind), colors: series.map(\.color))
            let count = series.map(\.values.count).max() ?? 0
            if let pixels = plotCache.update(with: renderer, key: key, pointCount: count) {
                let margin = Double(geometry.margin(count: count)) / max(pixelScale, 1e-9)
                canvas.withSavedState {
                    canvas.clip(to: plot)
                    canvas.draw(pixels, in: plot.insetBy(dx: -margin, dy: 0))
                }
            }
        }
        if rect.intersects(plot) && plot.contains(rect) { return }
        drawTickLabels(in: canvas, plot: plot, geometry: geometry, environment: environment)
        drawXLabels(in: canvas, plot: plot, environment: environment)
    }

    private func drawTickLabels(in canvas: Canvas, plot: Rect, geometry: ChartPlotGeometry, environment: Environment) {
        let color = environment.resolve(labelColor)
        let leading = environment.layoutDirection == .leftToRight
        let axisWidth = self.axisWidth
        let pixelScale = Double(geometry.height) / max(plot.height, 1)
        for (tick, layout) in zip(currentScale.ticks, tickLayouts) {
            let y = plot.minY + geometry.y(of: tick, scale: currentScale) / max(pixelScale, 1e-9)
            let size = layout.size
            let x = leading ? plot.minX - Self.axisGap - size.width : plot.maxX + axisWidth - Self.axisGap - size.width
            canvas.draw(layout, at: Point(x: x.rounded(), y: (y - size.height / 2).rounded()), color: color)
        }
    }

    /// Each label centred on its slot. When they do not fit side by side (a source's timestamps,
    /// one per point) every `step`-th is drawn, the step found from the longest label, so that they
    /// do not overlap and a repaint lays out no more labels than the plot has room for: 10,000
    /// labels were 10,000 layouts, shaped again at every repaint.
    private func drawXLabels(in canvas: Canvas, plot: Rect, environment: Environment) {
        guard !xLabels.isEmpty, plot.width > 0 else { return }
        let font = labelFont
        let slot = plot.width / Double(xLabels.count)
        let step = xLabelStep(font: font, slot: slot, plotWidth: plot.width)
        let drawn = (xLabels.count + step - 1) / step
        while xLabelLayouts.count < drawn { xLabelLayouts.append(TextLayout(font: font)) }
        if xLabelLayouts.count > drawn { xLabelLayouts.removeLast(xLabelLayouts.count - drawn) }
        let color = environment.resolve(labelColor)
        for (layout, index) in zip(xLabelLayouts, stride(from: 0, to: xLabels.count, by: step)) {
            layout.setFont(font)
            layout.setText(xLabels[index])
            let size = layout.size
            let x = plot.minX + (Double(index) + 0.5) * slot - size.width / 2
            canvas.draw(layout, at: Point(x: x.rounded(), y: plot.maxY + 4), color: color)
        }
    }

    /// 1 when every label fits in its slot; else how many slots one label needs, its width taken
    /// from the longest label in bytes (a count that costs nothing), with a gap of `axisGap`.
    private func xLabelStep(font: Font, slot: Double, plotWidth: Double) -> Int {
        guard let longest = xLabels.max(by: { $0.utf8.count < $1.utf8.count }) else { return 1 }
        xLabelProbe.setFont(font)
        xLabelProbe.setText(longest)
        let needed = xLabelProbe.size.width + Self.axisGap
        guard needed > slot else { return 1 }
        let fitting = max(1, Int(saturating: (plotWidth / needed).rounded(.down)))
        return (xLabels.count + fitting - 1) / fitting
    }
}
