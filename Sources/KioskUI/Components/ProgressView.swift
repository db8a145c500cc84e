import FoundationEssentials
import Glibc
import KioskGraphics

/// A circular progress ring: a full-circle track, an arc from 12 o'clock clockwise with round caps,
/// and the percentage in the middle — the seed's CustomProgressView.
///
/// A change of value repaints only what changed: the arc between the old and new angle (with its
/// round caps) and the percentage text.
open class ProgressView: View {
    /// Progress in 0…1; values outside are clamped.
    public var value: Double {
        get { storedValue }
        set {
            let clamped = min(max(newValue.isFinite ? newValue : 0, 0), 1)
            guard clamped != storedValue else { return }
            let old = storedValue
            storedValue = clamped
            damageValueChange(from: old, to: clamped)
        }
    }

    public var color: Color = .systemGreen {
        didSet { if color != oldValue { setNeedsDisplay() } }
    }

    /// The default stays 3:1 against the system background in both appearances.
    public var trackColor: Color = .systemGray {
        didSet { if trackColor != oldValue { setNeedsDisplay() } }
    }

    /// A ring in bounds thinner than its line reaches past them, so both are geometry changes too.
    public var lineWidth: Double = 10 {
        didSet { if lineWidth != oldValue { geometryDidChange(); setNeedsDisplay() } }
    }

    public var showsPercentage = true {
        didSet { if showsPercentage != oldValue { geometryDidChange(); setNeedsDisplay() } }
    }

    /// The percentage's style or font; nil: 20 bold at the environment's text scale. The text may
    /// reach past a small ring, so a new font is a geometry change too.
    public var font: FontValue? {
        didSet { if font != oldValue { geometryDidChange(); setNeedsDisplay() } }
    }

    /// The percentage font in effect.
    public var percentageFont: Font {
        let environment = self.environment
        return font.map { environment.font($0) } ?? Font(size: 20 * environment.textScale, weight: .bold)
    }

    private var storedValue: Double
    /// The two texts shown last, each laid out once: a value going back and forth between two
    /// percentages (a reading that flickers) is drawn without shaping its text again.
    private var percentageLayouts = [TextLayout(font: Font(size: 20, weight: .bold)), TextLayout(font: Font(size: 20, weight: .bold))]

    public init(value: Double = 0) {
        storedValue = min(max(value, 0), 1)
        super.init()
    }

    open override var intrinsicContentSize: Size? { Size(width: 100, height: 100) }

    // MARK: Geometry

    private var ringCenter: Point { contentRect.center }
    private var ringRadius: Double { max(0, min(contentRect.width, contentRect.height) / 2 - lineWidth / 2) }
    private static let startAngle = -Double.pi / 2

    private func angle(for value: Double) -> Double { Self.startAngle + 2 * Double.pi * value }

    public static func percentageText(for value: Double) -> String {
        let percent = percentage(of: value)
        return percentageTexts.indices.contains(percent) ? percentageTexts[percent] : "\(percent)%"
    }

    /// The whole percent shown for `value`: 0…100 for the values a ring holds.
    private static func percentage(of value: Double) -> Int { Int(saturating: (value * 100).rounded()) }

    /// A value change compares and measures its texts several times: each is made once.
    private static let percentageTexts = (0...100).map { "\($0)%" }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        let center = ringCenter, radius = ringRadius
        if showsPercentage && Self.isInside(rect, circleOf: radius - lineWidth / 2 - 1, center: center) {
            // Only the percentage changed: the ring does not reach into the hole.
            drawPercentage(in: canvas, center: center, environment: environment)
            return
        }
        canvas.strokeCircle(center: center, radius: radius, lineWidth: lineWidth, color: environment.resolve(trackColor))
        if storedValue > 0 && !canvas.fillArc(center: center, radius: radius, lineWidth: lineWidth, startAngle: Self.startAngle,
                                               endAngle: angle(for: storedValue), color: environment.resolve(color)) {
            canvas.beginPath()
            // Pieces wholly above or below the rows being repainted cannot touch them: a chord
            // stands in for each, which keeps the outline closed at a fraction of the cost.
            let rows = canvas.currentTransform.isAxisAligned ? (rect.minY - 2)...(rect.maxY + 2) : nil
            addValueArcOutline(to: canvas, center: center, radius: radius, rows: rows)
            canvas.fill(environment.resolve(color))
        }
        if showsPercentage && rect.intersects(percentageRect(for: storedValue)) {
            drawPercentage(in: canvas, center: center, environment: environment)
        }
    }

    /// On screen at a uniform scale the value arc is filled pixel by pixel from the track's own
    /// coverage (`Canvas.fillArc`). Under a rotation, skew or a scale that differs across and down,
    /// it is filled as an outline — outer edge, round end cap, inner edge, round start cap — built
    /// from fixed pieces of 1/64 turn plus one partial piece. Cairo's stroker simplifies
    /// the whole outline at once and its spline approximation depends on each arc's span, so a
    /// stroked arc moves pixels all along its edge when its end moves; a filled outline of fixed
    /// pieces keeps the unchanged part pixel-identical, and a value change repaints only near the end.
    static let arcPieces = 64.0

    private func addValueArcOutline(to canvas: Canvas, center: Point, radius: Double, rows: ClosedRange<Double>?) {
        let halfWidth = lineWidth / 2
        let boundaries = PieceBoundaries(to: angle(for: storedValue))
        let start = boundaries[0], end = boundaries.end
        func point(_ boundary: ArcBoundary, _ r: Double) -> Point {
            Point(x: center.x + r * boundary.cos, y: center.y + r * boundary.sin)
        }
        // A run of pieces off the rows becomes one line to its far end: edges that never cross
        // the rows cannot change them, and each edge left out is work the rasterizer skips.
        var skipped: Point?
        func piece(_ from: ArcBoundary, _ to: ArcBoundary, _ r: Double, clockwise: Bool) {
            let (low, high) = from.angle <= to.angle ? (from, to) : (to, from)
            if let rows, !Self.arcRows(center: center, radius: r, from: low, to: high).overlaps(rows) {
                skipped = point(to, r)
            } else {
                if let end = skipped { canvas.addLine(to: end) }
                skipped = nil
                canvas.addArc(center: center, radius: r, startAngle: from.angle, endAngle: to.angle, clockwise: clockwise)
            }
        }
        func finishRun() {
            if let end = skipped { canvas.addLine(to: end) }
            skipped = nil
        }
        canvas.move(to: point(start, radius + halfWidth))
        for index in 0..<boundaries.count - 1 {
            piece(boundaries[index], boundaries[index + 1], radius + halfWidth, clockwise: true)
        }
        finishRun()
        canvas.addArc(center: point(end, radius), radius: halfWidth, startAngle: end.angle, endAngle: end.angle + Double.pi)
        for index in (1..<boundaries.count).reversed() {
            piece(boundaries[index], boundaries[index - 1], max(0, radius - halfWidth), clockwise: false)
        }
        finishRun()
        canvas.addArc(center: point(start, radius), radius: halfWidth, startAngle: start.angle + Double.pi,
                      endAngle: start.angle + 2 * Double.pi)
        canvas.closePath()
    }

    /// The vertical extent of an arc between two boundaries (from ≤ to).
    private static func arcRows(center: Point, radius: Double, from: ArcBoundary, to: ArcBoundary) -> ClosedRange<Double> {
        let a = center.y + radius * from.sin, b = center.y + radius * to.sin
        var low = min(a, b), high = max(a, b)
        var axis = (from.angle / (Double.pi / 2)).rounded(.up) * (Double.pi / 2)
        while axis < to.angle {
            let y = center.y + radius * sin(axis)
            low = min(low, y)
            high = max(high, y)
            axis += Double.pi / 2
        }
        return low...high
    }

    /// An angle of the arc's outline with its cosine and sine, worked out once.
    private struct ArcBoundary {
        let angle: Double, cos: Double, sin: Double

        init(angle: Double) {
            self.angle = angle
            cos = Glibc.cos(angle)
            sin = Glibc.sin(angle)
        }
    }

    /// Every fixed piece boundary of a whole turn from the start angle, each angle accumulated one
    /// piece at a time, as it is where the arc is drawn. A value change draws the arc twice or more
    /// and every piece needs the sine of both ends: this keeps the trigonometry off the frame.
    private static let fixedBoundaries: [ArcBoundary] = {
        let pieceAngle = 2 * Double.pi / arcPieces
        var result: [ArcBoundary] = []
        var next = startAngle
        while result.count <= Int(arcPieces) {
            result.append(ArcBoundary(angle: next))
            next += pieceAngle
        }
        return result
    }()

    /// The start angle, every fixed piece boundary before `end`, and `end`: the fixed ones read in
    /// place, since building an array of them on every draw was a thirtieth of a ring update.
    private struct PieceBoundaries {
        private let fixed = ProgressView.fixedBoundaries
        /// How many of the fixed boundaries come before `end` (the start angle always does).
        private let fixedCount: Int
        let end: ArcBoundary

        init(to end: Double) {
            var count = 1
            while count < fixed.count && fixed[count].angle < end - 1e-9 { count += 1 }
            fixedCount = count
            self.end = ArcBoundary(angle: end)
        }

        var count: Int { fixedCount + 1 }

        subscript(index: Int) -> ArcBoundary { index < fixedCount ? fixed[index] : end }
    }

    /// The value where the arc piece holding `value` begins.
    private static func pieceStart(of value: Double) -> Double {
        (value * arcPieces).rounded(.down) / arcPieces
    }

    private func drawPercentage(in canvas: Canvas, center: Point, environment: Environment) {
        // The size measured for the damage serves here too: measuring again means asking Pango.
        let size = percentageMetrics(for: storedValue).size
        let layout = preparedPercentage(storedValue)
        canvas.draw(layout, at: Point(x: (center.x - size.width / 2).rounded(), y: (center.y - size.height / 2).rounded()),
                    color: environment.resolve(.label))
    }

    private static func isInside(_ rect: Rect, circleOf radius: Double, center: Point) -> Bool {
        guard radius > 0 else { return false }
        // The corner farthest from the centre decides.
        let farthest = Point(x: abs(rect.minX - center.x) > abs(rect.maxX - center.x) ? rect.minX : rect.maxX,
                             y: abs(rect.minY - center.y) > abs(rect.maxY - center.y) ? rect.minY : rect.maxY)
        return farthest.distance(to: center) < radius
    }

    // MARK: Damage

    /// A ring laid out smaller than its line width, or than the percentage text, draws past its
    /// bounds: the ring stays centred in the content box, the text centred on the ring.
    open override var drawingOverhang: EdgeInsets {
        let center = ringCenter, reach = ringRadius + lineWidth / 2
        var drawn = Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach)
        if showsPercentage { drawn = drawn.union(percentageRect(for: storedValue)) }
        return overhang(reaching: drawn, margin: 1)
    }

    private func damageValueChange(from old: Double, to new: Double) {
        guard screen != nil else { return }
        // The percentage text of a ring smaller than it overflows the bounds, and by as much as
        // the text is wide: the painted extent changes with the value.
        if showsPercentage && Self.percentageText(for: old) != Self.percentageText(for: new)
            && !(bounds.contains(percentageRect(for: old)) && bounds.contains(percentageRect(for: new))) {
            geometryDidChange()
        }
        let toScreen = transformToScreen
        // A long sweep repaints most of the ring anyway; under a rotation or skew the rasterizer's
        // rows are not the ring's, which `arcDamage` reasons in: repaint all of it.
        if abs(new - old) > 0.25 || !toScreen.isAxisAligned {
            setNeedsDisplay()
            return
        }
        // At a uniform scale the arc is filled pixel by pixel (`Canvas.fillArc`): only what lies
        // between its two ends changes. Otherwise its outline is rasterized, row by row.
        let filledPixelByPixel = toScreen.a == toScreen.d && toScreen.a > 0
        setNeedsDisplay(in: arcDamage(from: old, to: new, settlingRows: !filledPixelByPixel))
        if showsPercentage && Self.percentageText(for: old) != Self.percentageText(for: new) {
            setNeedsDisplay(in: percentageDamage(from: old, to: new))
        }
    }

    /// Where the percentage text differs between two values: the glyphs that changed ("42%" to
    /// "43%" repaints the "2" and "3" only), or both whole texts when a glyph that stayed the same
    /// moved (the text got wider or narrower).
    func percentageDamage(from old: Double, to new: Double) -> Rect {
        let whole = percentageRect(for: old).union(percentageRect(for: new))
        // The texts are ASCII (digits and a percent sign): a byte is a character.
        let oldText = Array(Self.percentageText(for: old).utf8), newText = Array(Self.percentageText(for: new).utf8)
        var prefix = 0
        while prefix < min(oldText.count, newText.count) && oldText[prefix] == newText[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(oldText.count, newText.count) - prefix
                && oldText[oldText.count - 1 - suffix] == newText[newText.count - 1 - suffix] { suffix += 1 }
        /// The left and right edges of the changed characters, and where the unchanged ones start.
        func span(_ value: Double, count: Int) -> (origin: Double, from: Double, to: Double) {
            let metrics = percentageMetrics(for: value)
            let origin = (ringCenter.x - metrics.size.width / 2).rounded()
            return (origin, origin + metrics.caretX[prefix], origin + metrics.caretX[count - suffix])
        }
        let before = span(old, count: oldText.count), after = span(new, count: newText.count)
        // The glyphs kept must be drawn where they were: same start, same place after the change.
        guard before.origin == after.origin, before.from == after.from, before.to == after.to || suffix == 0 else {
            return whole
        }
        // A glyph's ink reaches past its advance by its side bearing, and antialiasing by a pixel.
        let reach = (percentageFont.size * Self.glyphOverhang).rounded(.up) + 1
        let left = min(before.from, after.from) - reach, right = max(before.to, after.to) + reach
        return Rect(x: left, y: whole.minY, width: right - left, height: whole.height).intersection(whole)
    }

    /// How far, in ems, a glyph's ink may reach past its advance (italic and bold overhangs).
    static let glyphOverhang = 0.15

    /// The bounding box of the pixels that differ between the arcs ending at two values: the ring
    /// sector between the two angles plus a round cap at each end, with a pixel of antialiasing.
    /// `settlingRows`: the arc's outline is rasterized (at a scale that differs across and down), and
    /// a pixel row settles as a whole, so more of the rows the change crosses may move by a step.
    func arcDamage(from old: Double, to new: Double, settlingRows: Bool = true) -> Rect {
        let center = ringCenter, radius = ringRadius
        let halfWidth = lineWidth / 2 + 1
        // Cairo's stroker may also move a pixel or two of the piece before the changed one; a
        // pixel-by-pixel arc changes only between the two ends.
        let low = settlingRows ? max(0, Self.pieceStart(of: min(old, new)) - 1 / Self.arcPieces) : min(old, new)
        let high = max(old, new)
        var a0 = angle(for: low), a1 = angle(for: high)
        if low == 0 { a0 = Self.startAngle }   // the start cap appears or disappears too
        if a1 - a0 >= 2 * Double.pi - 1e-9 { a1 = a0 + 2 * Double.pi }
        let change = Rect.enclosingArc(center: center, radius: radius, reach: halfWidth, from: a0, to: a1)
        guard settlingRows else { return change }
        // The rasterizer settles each pixel row as a whole, so the edges of both arcs anywhere on
        // the rows of the change may move by a step of coverage too.
        let rows = (change.minY - 1)...(change.maxY + 1)
        var minX = Double.infinity, maxX = -Double.infinity
        for value in [old, new] where value > 0 {
            guard let extent = outlineExtent(for: value, center: center, radius: radius, rows: rows) else { continue }
            minX = min(minX, extent.lowerBound)
            maxX = max(maxX, extent.upperBound)
        }
        guard minX <= maxX else { return change }
        return change.union(Rect(x: minX - 1, y: rows.lowerBound, width: maxX - minX + 2,
                                 height: rows.upperBound - rows.lowerBound))
    }

    /// The horizontal extent, on the given rows, of the outline of the arc ending at `value`:
    /// its outer and inner edges and both round caps.
    private func outlineExtent(for value: Double, center: Point, radius: Double,
                               rows: ClosedRange<Double>) -> ClosedRange<Double>? {
        let halfWidth = lineWidth / 2 + 0.5
        let start = Self.startAngle, end = angle(for: value)
        var low = Double.infinity, high = -Double.infinity
        func include(_ x: Double) {
            low = min(low, x)
            high = max(high, x)
        }
        for r in [radius + halfWidth, max(0, radius - halfWidth)] where r > 0 {
            Self.forEachArcPoint(center: center, radius: r, from: start, to: end, rows: rows) { include($0.x) }
        }
        for capAngle in [start, end] {
            let cap = Point(x: center.x + radius * cos(capAngle), y: center.y + radius * sin(capAngle))
            let nearest = min(max(cap.y, rows.lowerBound), rows.upperBound) - cap.y
            guard abs(nearest) <= halfWidth else { continue }
            let reach = (halfWidth * halfWidth - nearest * nearest).squareRoot()
            include(cap.x - reach)
            include(cap.x + reach)
        }
        return low <= high ? low...high : nil
    }

    /// Calls `body` with the points of an arc (from ≤ to) that bound its extent on the given rows:
    /// its ends, its crossings of the rows' top and bottom, and its leftmost and rightmost points.
    private static func forEachArcPoint(center: Point, radius: Double, from: Double, to: Double,
                                        rows: ClosedRange<Double>, _ body: (Point) -> Void) {
        func consider(_ angle: Double) {
            guard angle >= from - 1e-9, angle <= to + 1e-9 else { return }
            let point = Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            if point.y >= rows.lowerBound - 1e-6 && point.y <= rows.upperBound + 1e-6 { body(point) }
        }
        consider(from)
        consider(to)
        for turn in -2...4 { consider(Double(turn) * Double.pi) }
        for y in [rows.lowerBound, rows.upperBound] {
            let t = (y - center.y) / radius
            guard abs(t) <= 1 else { continue }
            let a = asin(t)
            for base in [a, Double.pi - a] {
                for turn in -1...1 { consider(base + 2 * Double.pi * Double(turn)) }
            }
        }
    }

    /// Where the percentage for `value` is drawn. Measured once per text and font: a hundred and
    /// one texts at most, and measuring means shaping.
    private func percentageRect(for value: Double) -> Rect {
        let box = percentageMetrics(for: value)
        let origin = Point(x: (ringCenter.x - box.size.width / 2).rounded(), y: (ringCenter.y - box.size.height / 2).rounded())
        return box.ink.offsetBy(dx: origin.x, dy: origin.y).insetBy(dx: -1, dy: -1)
    }

    /// The size and ink of the percentage for `value`, and where a caret stands before each of
    /// its characters (and after the last), measured once per text and font.
    private func percentageMetrics(for value: Double) -> PercentageMetrics {
        let font = percentageFont
        if font != measuredFont {
            measuredFont = font
            measuredPercentages = Array(repeating: nil, count: Self.percentageTexts.count)
        }
        // By the percent, not the text: a value change looks several up, and hashing a string
        // each time was a twentieth of the update.
        let percent = min(max(Self.percentage(of: value), 0), measuredPercentages.count - 1)
        if let cached = measuredPercentages[percent] { return cached }
        let layout = preparedPercentage(value)
        let text = Self.percentageText(for: value)
        let metrics = PercentageMetrics(size: layout.size, ink: layout.inkRect,
                                        caretX: (0...text.count).map { layout.caretRect(atCharacter: $0).minX })
        measuredPercentages[percent] = metrics
        return metrics
    }

    private struct PercentageMetrics {
        let size: Size, ink: Rect, caretX: [Double]
    }

    /// Indexed by the percent (a ring's value is clamped to 0…1).
    private var measuredPercentages: [PercentageMetrics?] = []
    private var measuredFont: Font?

    private func preparedPercentage(_ value: Double) -> TextLayout {
        let text = Self.percentageText(for: value), font = percentageFont
        if percentageLayouts[0].text != text || percentageLayouts[0].font != font {
            // The other one is the least recently used: it is the one that may change.
            percentageLayouts.swapAt(0, 1)
            percentageLayouts[0].setFont(font)
            percentageLayouts[0].setText(text)
        }
        return percentageLayouts[0]
    }
}
