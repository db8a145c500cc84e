import KioskGraphics

/// Draws the plot — grid, series and threshold — in plot pixels, clipped to a strip. Every pixel
/// depends only on the data near it, so a strip drawn alone equals the same strip of a whole drawing.
struct ChartPlotRenderer {
    let series: [ChartSeries]
    let scale: ChartScale
    let geometry: ChartPlotGeometry
    let showsGrid: Bool
    let threshold: ChartThreshold?
    let environment: Environment
    /// Device pixels per point, for hairlines.
    let pixelScale: Double

    static let gridColor = Color(.separator)
    static let areaOpacity = 0.25

    func render(into canvas: Canvas, strip: PixelRect) {
        canvas.withSavedState {
            canvas.replace(strip.rect, with: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
            canvas.clip(to: strip.rect)
            let width = Double(geometry.width)
            let hairline = max(1, pixelScale.rounded())
            if showsGrid {
                let color = environment.resolve(Self.gridColor)
                for tick in scale.ticks {
                    let y = geometry.y(of: tick, scale: scale).rounded(.down)
                    canvas.fill(Rect(x: 0, y: y, width: width, height: hairline), color: color)
                }
            }
            for item in series where !item.values.isEmpty {
                draw(item, in: canvas, strip: strip)
            }
            if let threshold {
                let y = (geometry.y(of: threshold.value, scale: scale) - hairline).rounded()
                canvas.fill(Rect(x: 0, y: y, width: width, height: 2 * hairline), color: environment.resolve(threshold.color))
            }
        }
    }

    private func draw(_ item: ChartSeries, in canvas: Canvas, strip: PixelRect) {
        let values = item.values, count = values.count
        let first = geometry.firstDrawnIndex(count: count)
        let color = environment.resolve(item.color)
        let reach = geometry.reach(count: count)
        // Points wholly right of the strip cannot touch it; one more keeps the segment into it.
        var last = count - 1
        while last > first + 1, geometry.x(of: last - 1, count: count) - reach > Double(strip.maxX) { last -= 1 }
        func point(_ index: Int) -> Point {
            Point(x: geometry.x(of: index, count: count), y: geometry.y(of: values[index], scale: scale))
        }
        switch item.kind {
        case .bar:
            let barWidth = geometry.barWidth(count: count)
            let base = geometry.y(of: baselineValue, scale: scale)
            for index in first...last {
                let top = point(index)
                let left = (top.x - barWidth / 2).rounded()
                guard left < Double(strip.maxX), left + barWidth > Double(strip.x) else { continue }
                canvas.fill(Rect(x: left, y: min(top.y, base), width: barWidth, height: abs(base - top.y)), color: color)
            }
        case .area:
            let base = geometry.y(of: baselineValue, scale: scale)
            canvas.beginPath()
            canvas.move(to: Point(x: point(first).x, y: base))
            for index in first...last { canvas.addLine(to: point(index)) }
            canvas.addLine(to: Point(x: point(last).x, y: base))
            canvas.closePath()
            canvas.fill(RGBA(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * Self.areaOpacity))
            strokeLine(first...last, point: point, color: color, in: canvas)
        case .line:
            strokeLine(first...last, point: point, color: color, in: canvas)
        }
    }

    private func strokeLine(_ indices: ClosedRange<Int>, point: (Int) -> Point, color: RGBA, in canvas: Canvas) {
        canvas.beginPath()
        canvas.move(to: point(indices.lowerBound))
        if indices.count == 1 {
            canvas.addLine(to: point(indices.lowerBound))
        }
        for index in indices.dropFirst() { canvas.addLine(to: point(index)) }
        canvas.stroke(color, style: StrokeStyle(width: geometry.lineWidth, cap: .round, join: .round))
    }

    /// Bars and areas grow from zero, or from the nearer end of a range that leaves zero out.
    private var baselineValue: Double { min(max(0, scale.lower), scale.upper) }
}
