import FoundationEssentials
import Glibc
import KioskGraphics

/// An arc gauge: a scale of `sweepAngle` degrees with major and minor ticks and locale-formatted
/// labels, coloured zones along its rim, a needle or a value arc, and the value (with its unit)
/// written in the middle, a caption under it; each text in a font of its own, or one sized to the gauge.
///
/// A change of value repaints only what moved: the boxes of the old and new needle, or the stretch
/// of the value arc between the two values, and the value label. Everything else — rim, zones,
/// ticks, labels — is painted the same way whatever the clip, so a partial repaint matches a full one.
open class GaugeView: View {
    public enum Indicator: String, Sendable, CaseIterable {
        case needle, arc
    }

    /// The value shown, held within `minimumValue`…`maximumValue`.
    public var value: Double {
        get { storedValue }
        set {
            let held = held(newValue)
            guard held != storedValue else { return }
            let old = storedValue
            storedValue = held
            damageValueChange(from: old, to: held)
        }
    }

    public var minimumValue: Double = 0 {
        didSet { if minimumValue != oldValue { scaleDidChange() } }
    }

    public var maximumValue: Double = 100 {
        didSet { if maximumValue != oldValue { scaleDidChange() } }
    }

    /// Labelled ticks, both ends included (at least 2).
    public var majorTickCount = 6 {
        didSet { if majorTickCount != oldValue { scaleDidChange() } }
    }

    /// Unlabelled ticks between two labelled ones.
    public var minorTickCount = 4 {
        didSet { if minorTickCount != oldValue { setNeedsDisplay() } }
    }

    public var zones: [GaugeZone] = [] {
        didSet { if zones != oldValue { setNeedsDisplay() } }
    }

    public var indicator: Indicator = .needle {
        didSet { if indicator != oldValue { setNeedsDisplay() } }
    }

    /// The needle's or the value arc's colour.
    public var color: Color = .systemBlue {
        didSet { if color != oldValue { setNeedsDisplay() } }
    }

    /// The rim where no zone is, and the value arc's track.
    public var trackColor: Color = Color(.systemGray4) {
        didSet { if trackColor != oldValue { setNeedsDisplay() } }
    }

    /// Written after the value: "°C", " bar". A long one may reach past the gauge's edges
    /// (`drawingOverhang`), as a long caption may.
    public var unit = "" {
        didSet { if unit != oldValue { valueLabelDidChange() } }
    }

    /// Fraction digits of the value label.
    public var fractionDigits = 0 {
        didSet { if fractionDigits != oldValue { valueLabelDidChange() } }
    }

    /// A line under the value: what is measured. A long one may reach past the gauge's edges
    /// (`drawingOverhang`), so a new caption is a geometry change too.
    public var caption = "" {
        didSet { if caption != oldValue { geometryDidChange(); setNeedsDisplay() } }
    }

    /// The value label's style or font; nil: bold, sized to the gauge. The caption sits under the
    /// label, so it moves with it: the whole gauge is painted again, and its extent may change.
    public var valueFont: FontValue? {
        didSet { if valueFont != oldValue { geometryDidChange(); setNeedsDisplay() } }
    }

    /// The caption's style or font; nil: sized to the gauge, as the tick labels are. A larger one
    /// may reach past the gauge's edges, so a new font is a geometry change too.
    public var captionFont: FontValue? {
        didSet { if captionFont != oldValue { geometryDidChange(); setNeedsDisplay() } }
    }

    /// The tick labels' style or font; nil: sized to the gauge, as the caption is.
    public var scaleFont: FontValue? {
        didSet { if scaleFont != oldValue { tickLabels.invalidate(); setNeedsDisplay() } }
    }

    /// Where the scale starts, in degrees clockwise from three o'clock (150: lower left).
    public var startAngle: Double = 150 {
        didSet { if startAngle != oldValue { setNeedsDisplay() } }
    }

    /// How far the scale turns, in degrees.
    public var sweepAngle: Double = 240 {
        didSet { if sweepAngle != oldValue { setNeedsDisplay() } }
    }

    private var storedValue: Double = 0
    private let valueLayout = TextLayout(font: Font(size: 28, weight: .bold))
    private let captionLayout = TextLayout(font: Font(size: 13))
    private var tickLabels = TickLabelCache()

    public init(value: Double = 0) {
        super.init()
        storedValue = held(value)
    }

    open override var intrinsicContentSize: Size? { Size(width: 200, height: 180) }

    open override func environmentDidChange() {
        tickLabels.invalidate()
        super.environmentDidChange()
    }

    private var scale: GaugeScale {
        GaugeScale(minimum: minimumValue, maximum: maximumValue, majorTickCount: max(2, majorTickCount),
                   minorTickCount: max(0, minorTickCount))
    }

    private func held(_ value: Double) -> Double {
        guard value.isFinite else { return minimumValue }
        guard maximumValue > minimumValue else { return minimumValue }
        return min(max(value, minimumValue), maximumValue)
    }

    private func scaleDidChange() {
        storedValue = held(storedValue)
        tickLabels.invalidate()
        setNeedsDisplay()
    }

    private func valueLabelDidChange() {
        geometryDidChange()
        setNeedsDisplay()
    }

    // MARK: Geometry

    private var geometry: GaugeGeometry {
        GaugeGeometry(fitting: contentRect, startAngle: startAngle * Double.pi / 180,
                      sweep: min(max(sweepAngle, 1), 360) * Double.pi / 180,
                      mirrored: environment.layoutDirection == .rightToLeft, hasValueBand: indicator == .arc)
    }

    /// The automatic value font follows the text scale, but no further than the inside of the
    /// scale holds; a font that was set is used as it is.
    private var valueLabelFont: Font {
        if let valueFont { return environment.font(valueFont) }
        let radius = geometry.radius
        return Font(size: min(max(12, min(26, radius * 0.2)) * environment.textScale, max(12, radius * 0.25)), weight: .bold)
    }

    private var tickLabelFont: Font {
        if let scaleFont { return environment.font(scaleFont) }
        return smallFont
    }

    private var captionLabelFont: Font {
        if let captionFont { return environment.font(captionFont) }
        return smallFont
    }

    private var smallFont: Font {
        let radius = geometry.radius
        return Font(size: min(max(9, min(13, radius * 0.11)) * environment.textScale, max(9, radius * 0.15)))
    }

    /// The top-left corner of the value label's layout box: centred on the gauge, or under the
    /// needle's hub.
    private func valueOrigin(of size: Size, in geometry: GaugeGeometry) -> Point {
        let centerY = indicator == .arc ? geometry.center.y : geometry.center.y + geometry.radius * GaugeGeometry.needleLabelDrop
        return Point(x: (geometry.center.x - size.width / 2).rounded(), y: (centerY - size.height / 2).rounded())
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        let geometry = self.geometry
        guard geometry.radius > 1 else { return }
        let scale = self.scale
        drawRim(in: canvas, geometry: geometry, scale: scale, environment: environment)
        drawTicks(in: canvas, geometry: geometry, scale: scale, environment: environment)
        drawTickLabels(in: canvas, geometry: geometry, scale: scale, environment: environment)
        drawValueLabel(in: canvas, geometry: geometry, environment: environment)
        switch indicator {
        case .needle: drawNeedle(in: canvas, geometry: geometry, fraction: scale.fraction(of: storedValue), environment: environment)
        case .arc: drawValueArc(in: canvas, geometry: geometry, fraction: scale.fraction(of: storedValue), environment: environment)
        }
    }

    private func addSector(to canvas: Canvas, geometry: GaugeGeometry, from low: Double, to high: Double, band: ClosedRange<Double>) {
        let (a0, a1) = geometry.angles(from: low, to: high)
        canvas.move(to: geometry.point(at: a0, radius: band.upperBound))
        canvas.addArc(center: geometry.center, radius: band.upperBound, startAngle: a0, endAngle: a1, clockwise: true)
        canvas.addLine(to: geometry.point(at: a1, radius: band.lowerBound))
        canvas.addArc(center: geometry.center, radius: band.lowerBound, startAngle: a1, endAngle: a0, clockwise: false)
        canvas.closePath()
    }

    /// The zone band (track where no zone is) and, for an arc gauge, the value arc's track.
    private func drawRim(in canvas: Canvas, geometry: GaugeGeometry, scale: GaugeScale, environment: Environment) {
        let track = environment.resolve(trackColor)
        canvas.beginPath()
        addSector(to: canvas, geometry: geometry, from: 0, to: 1, band: geometry.zoneBand)
        canvas.fill(track)
        for zone in zones {
            let low = scale.fraction(of: min(zone.from, zone.to)), high = scale.fraction(of: max(zone.from, zone.to))
            guard high > low else { continue }
            canvas.beginPath()
            addSector(to: canvas, geometry: geometry, from: low, to: high, band: geometry.zoneBand)
            canvas.fill(environment.resolve(zone.color))
        }
        if indicator == .arc {
            canvas.beginPath()
            addSector(to: canvas, geometry: geometry, from: 0, to: 1, band: geometry.valueBand)
            canvas.fill(track)
        }
    }

    private func drawTicks(in canvas: Canvas, geometry: GaugeGeometry, scale: GaugeScale, environment: Environment) {
        let color = environment.resolve(.secondaryLabel)
        let outer = geometry.tickOuterRadius
        func addTick(at fraction: Double, length: Double) {
            let angle = geometry.angle(forFraction: fraction)
            canvas.move(to: geometry.point(at: angle, radius: outer))
            canvas.addLine(to: geometry.point(at: angle, radius: max(0, outer - length)))
        }
        canvas.beginPath()
        for fraction in scale.minorFractions { addTick(at: fraction, length: geometry.minorTickLength) }
        canvas.stroke(color, style: StrokeStyle(width: geometry.minorTickWidth))
        canvas.beginPath()
        let majors = scale.majorValues.count
        for index in 0..<majors { addTick(at: Double(index) / Double(majors - 1), length: geometry.majorTickLength) }
        canvas.stroke(color, style: StrokeStyle(width: geometry.majorTickWidth))
    }

    private func drawTickLabels(in canvas: Canvas, geometry: GaugeGeometry, scale: GaugeScale, environment: Environment) {
        let color = environment.resolve(.secondaryLabel)
        let layouts = tickLabels.layouts(for: scale, font: tickLabelFont, locale: environment.locale)
        let inner = geometry.tickOuterRadius - geometry.majorTickLength - geometry.gap
        for (index, layout) in layouts.enumerated() {
            let angle = geometry.angle(forFraction: Double(index) / Double(layouts.count - 1))
            let size = layout.size
            // Far enough in that the box's nearest corner clears the ticks.
            let reach = abs(cos(angle)) * size.width / 2 + abs(sin(angle)) * size.height / 2
            let center = geometry.point(at: angle, radius: max(0, inner - reach))
            canvas.draw(layout, at: Point(x: (center.x - size.width / 2).rounded(), y: (center.y - size.height / 2).rounded()),
                        color: color)
        }
    }

    private func drawValueLabel(in canvas: Canvas, geometry: GaugeGeometry, environment: Environment) {
        let layout = preparedValueLayout()
        let origin = valueOrigin(of: layout.size, in: geometry)
        canvas.draw(layout, at: origin, color: environment.resolve(.label))
        guard !caption.isEmpty else { return }
        let captionLayout = preparedCaptionLayout()
        canvas.draw(captionLayout, at: captionOrigin(of: captionLayout.size, under: origin, valueHeight: layout.size.height, in: geometry),
                    color: environment.resolve(.secondaryLabel))
    }

    /// Centred on the gauge, right under the value label's line.
    private func captionOrigin(of size: Size, under valueOrigin: Point, valueHeight: Double, in geometry: GaugeGeometry) -> Point {
        Point(x: (geometry.center.x - size.width / 2).rounded(), y: valueOrigin.y + valueHeight)
    }

    private func preparedCaptionLayout() -> TextLayout {
        captionLayout.setFont(captionLabelFont)
        captionLayout.setText(caption)
        return captionLayout
    }

    /// A value label or caption wider than the gauge (a long unit or caption), or one in a large
    /// font, is drawn past the bounds: damage must reach it.
    open override var drawingOverhang: EdgeInsets {
        let geometry = self.geometry
        guard geometry.radius > 1 else { return .zero }
        let value = placedValueLabel(valueText(for: storedValue), in: geometry)
        var ink = value.ink
        if !caption.isEmpty {
            let layout = preparedCaptionLayout()
            let origin = captionOrigin(of: layout.size, under: value.origin, valueHeight: value.height, in: geometry)
            ink = ink.union(layout.inkRect.offsetBy(dx: origin.x, dy: origin.y))
        }
        // Labels well inside, as the default ones are, leave the damage at the bounds.
        guard !bounds.insetBy(dx: 1, dy: 1).contains(ink) else { return .zero }
        return overhang(reaching: ink, margin: 1)
    }

    private func drawNeedle(in canvas: Canvas, geometry: GaugeGeometry, fraction: Double, environment: Environment) {
        let color = environment.resolve(self.color)
        let outline = geometry.needleOutline(at: fraction)
        canvas.beginPath()
        canvas.move(to: outline[0])
        for point in outline.dropFirst() { canvas.addLine(to: point) }
        canvas.closePath()
        canvas.fill(color)
        let hub = geometry.hubRadius
        canvas.beginPath()
        canvas.addEllipse(in: Rect(x: geometry.center.x - hub, y: geometry.center.y - hub, width: 2 * hub, height: 2 * hub))
        canvas.fill(color)
    }

    // MARK: Value arc

    /// The value arc is painted as fixed pieces of the scale, each filled on its own and reaching a
    /// little into the next so no seam shows, plus one partial piece. A fill's antialiasing depends
    /// on every edge of its path on a pixel row, so one path for the whole arc would move pixels far
    /// from its end; fixed pieces keep every piece but the last ones pixel-identical when the value moves.
    static let arcPieces = 96

    private func pieceOverlap(in geometry: GaugeGeometry) -> Double {
        let pixelFraction = 1.5 / max(1, geometry.valueBand.upperBound * geometry.sweep)
        return min(0.5 / Double(Self.arcPieces), pixelFraction)
    }

    private func drawValueArc(in canvas: Canvas, geometry: GaugeGeometry, fraction: Double, environment: Environment) {
        guard fraction > 0 else { return }
        let color = environment.resolve(self.color)
        let overlap = pieceOverlap(in: geometry), pieces = Double(Self.arcPieces)
        // Overlapping pieces of a translucent colour would show darker seams: paint them opaque
        // into a group and lay the group down once.
        let translucent = color.alpha < 1
        if translucent { canvas.beginGroup() }
        let paint = translucent ? RGBA(red: color.red, green: color.green, blue: color.blue, alpha: 1) : color
        var index = 0.0
        while index / pieces < fraction {
            let low = index / pieces, high = min((index + 1) / pieces + overlap, fraction)
            canvas.beginPath()
            addSector(to: canvas, geometry: geometry, from: low, to: high, band: geometry.valueBand)
            canvas.fill(paint)
            index += 1
        }
        if translucent { canvas.endGroup(alpha: color.alpha) }
    }

    // MARK: Damage

    private func damageValueChange(from old: Double, to new: Double) {
        guard screen != nil else { return }
        let geometry = self.geometry, scale = self.scale
        let oldFraction = scale.fraction(of: old), newFraction = scale.fraction(of: new)
        switch indicator {
        case .needle:
            setNeedsDisplay(in: geometry.needleBox(at: oldFraction))
            setNeedsDisplay(in: geometry.needleBox(at: newFraction))
        case .arc:
            // The piece before the one holding the lower value reaches into it, so it may change too.
            let pieces = Double(Self.arcPieces)
            let low = max(0, ((min(oldFraction, newFraction) * pieces).rounded(.down) - 1) / pieces)
            let high = max(oldFraction, newFraction)
            setNeedsDisplay(in: geometry.sectorBox(from: low, to: high, band: geometry.valueBand, margin: 2))
        }
        let oldText = valueText(for: old), newText = valueText(for: new)
        if oldText != newText {
            let oldBox = valueLabelBox(for: oldText, in: geometry), newBox = valueLabelBox(for: newText, in: geometry)
            // A label reaching past the bounds is part of the overhang, which the new text changes.
            if !bounds.contains(oldBox) || !bounds.contains(newBox) { geometryDidChange() }
            setNeedsDisplay(in: oldBox)
            setNeedsDisplay(in: newBox)
        }
    }

    private func valueText(for value: Double) -> String {
        GaugeScale.valueText(value, digits: max(0, fractionDigits), unit: unit, locale: environment.locale)
    }

    /// The pixels the value label's text covers, with one of antialiasing.
    private func valueLabelBox(for text: String, in geometry: GaugeGeometry) -> Rect {
        placedValueLabel(text, in: geometry).ink.insetBy(dx: -1, dy: -1)
    }

    /// The value label showing `text`: where it is drawn, its line's height and its text's ink.
    private func placedValueLabel(_ text: String, in geometry: GaugeGeometry) -> (origin: Point, height: Double, ink: Rect) {
        valueLayout.setFont(valueLabelFont)
        valueLayout.setText(text)
        let size = valueLayout.size
        let origin = valueOrigin(of: size, in: geometry)
        return (origin, size.height, valueLayout.inkRect.offsetBy(dx: origin.x, dy: origin.y))
    }

    private func preparedValueLayout() -> TextLayout {
        valueLayout.setFont(valueLabelFont)
        valueLayout.setText(valueText(for: storedValue))
        return valueLayout
    }
}

/// The laid-out tick labels, made again only when the scale, the font or the locale changes:
/// laying out text means shaping it.
private struct TickLabelCache {
    private struct Key: Equatable {
        var values: [Double]
        var font: Font
        var locale: String
    }

    private var key: Key?
    private var cached: [TextLayout] = []

    mutating func invalidate() { key = nil }

    mutating func layouts(for scale: GaugeScale, font: Font, locale: String) -> [TextLayout] {
        let key = Key(values: scale.majorValues, font: font, locale: locale)
        if key == self.key { return cached }
        self.key = key
        cached = key.values.map { TextLayout(text: GaugeScale.tickText($0, locale: locale), font: font) }
        return cached
    }
}
