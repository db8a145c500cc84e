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

    /// Whether every series' oldest point lies so far left of the window that nothing of it shows.
    var everySeriesStartsLeftOfTheWindow: Bool {
        series.allSatisfy { item in
            let count = item.values.count
            return count == 0 || geometry.x(of: 0, count: count) + geometry.reach(count: count) <= geometry.dataLeft(count: count)
        }
    }

    /// Draws `strip` (plot pixels, which may reach into the margins) into a canvas whose
    /// surface holds the plot `margin` pixels from its left edge.
    func render(into canvas: Canvas, strip: PixelRect, margin: Int) {
        canvas.withSavedState {
            canvas.translate(x: Double(margin), y: 0)
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

    /// Every segment, area piece and bar is drawn on its own, so a pixel's value depends only on
    /// the pieces that touch it: a strip drawn alone, or a plot shifted by whole steps, comes out
    /// exactly as a whole drawing.
    private func draw(_ item: ChartSeries, in canvas: Canvas, strip: PixelRect) {
        let values = item.values, count = values.count
        let color = environment.resolve(item.color)
        let reach = geometry.reach(count: count)
        let dataLeft = geometry.dataLeft(count: count)
        let low = max(Double(strip.x), dataLeft) - reach, high = Double(strip.maxX) + reach
        guard low < high else { return }
        func point(_ index: Int) -> Point {
            Point(x: geometry.x(of: index, count: count), y: geometry.y(of: values[index], scale: scale))
        }
        // The indices whose pieces can touch the strip: x grows with the index.
        let step = geometry.step(count: count)
        let first = max(0, count - 1 - Int(((geometry.x(of: count - 1, count: count) - low) / step).rounded(.down)) - 1)
        let last = min(count - 1, count - 1 - Int(((geometry.x(of: count - 1, count: count) - high) / step).rounded(.up)) + 1)
        guard first <= last else { return }
        canvas.withSavedState {
            if dataLeft > 0 { canvas.clip(to: Rect(x: dataLeft, y: 0, width: Double(geometry.width) - dataLeft, height: Double(geometry.height))) }
            let base = geometry.y(of: baselineValue, scale: scale)
            switch item.kind {
            case .bar:
                let barWidth = geometry.barWidth(count: count)
                for index in first...last {
                    let top = point(index)
                    let left = (top.x - barWidth / 2).rounded()
                    canvas.fill(Rect(x: left, y: min(top.y, base), width: barWidth, height: abs(base - top.y)), color: color)
                }
            case .area:
                let fill = RGBA(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * Self.areaOpacity)
                for index in first..<last {
                    let from = point(index), to = point(index + 1)
                    canvas.beginPath()
                    canvas.move(to: Point(x: from.x, y: base))
                    canvas.addLine(to: from)
                    canvas.addLine(to: to)
                    canvas.addLine(to: Point(x: to.x, y: base))
                    canvas.closePath()
                    canvas.fill(fill)
                }
                strokeSegments(first...last, point: point, color: color, in: canvas)
            case .line:
                strokeSegments(first...last, point: point, color: color, in: canvas)
            }
        }
    }

    private func strokeSegments(_ indices: ClosedRange<Int>, point: (Int) -> Point, color: RGBA, in canvas: Canvas) {
        let style = StrokeStyle(width: geometry.lineWidth, cap: .round, join: .round)
        if indices.count == 1 {
            canvas.beginPath()
            canvas.move(to: point(indices.lowerBound))
            canvas.addLine(to: point(indices.lowerBound))
            canvas.stroke(color, style: style)
            return
        }
        for index in indices.lowerBound..<indices.upperBound {
            canvas.beginPath()
            canvas.move(to: point(index))
            canvas.addLine(to: point(index + 1))
            canvas.stroke(color, style: style)
        }
    }

    /// Bars and areas grow from zero, or from the nearer end of a range that leaves zero out.
    private var baselineValue: Double { min(max(0, scale.lower), scale.upper) }
}
