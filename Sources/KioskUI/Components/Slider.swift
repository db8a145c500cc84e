import KioskGraphics

/// A continuous slider: drag the thumb or tap the track. Sends `.valueChanged` while the value
/// moves and `.primaryAction` when the finger lifts (the panel's `on_commit`). With a step,
/// values snap to it.
open class Slider: Control {
    public var minimumValue = 0.0 { didSet { if minimumValue != oldValue { value = storedValue; setNeedsDisplay() } } }
    public var maximumValue = 1.0 { didSet { if maximumValue != oldValue { value = storedValue; setNeedsDisplay() } } }
    /// Values snap to multiples of this above the minimum; nil (or 0) slides freely.
    public var step: Double?

    public var value: Double {
        get { storedValue }
        set {
            let adjusted = snapped(newValue)
            guard adjusted != storedValue else { return }
            storedValue = adjusted
            setNeedsDisplay()
        }
    }

    public var minimumTrackColor: Color = .accent { didSet { if minimumTrackColor != oldValue { setNeedsDisplay() } } }
    /// The default stays 3:1 against the system background in both appearances, so the track is seen.
    public var maximumTrackColor: Color = .systemGray { didSet { if maximumTrackColor != oldValue { setNeedsDisplay() } } }
    public var thumbColor: Color = .white { didSet { if thumbColor != oldValue { setNeedsDisplay() } } }

    private var storedValue = 0.0
    static let trackHeight = 4.0

    public init(minimum: Double = 0, maximum: Double = 1, value: Double = 0, step: Double? = nil) {
        minimumValue = minimum
        maximumValue = maximum
        self.step = step
        super.init()
        touchSlop = 40
        self.value = value
    }

    open override var intrinsicContentSize: Size? { Size(width: -1, height: 44) }

    func snapped(_ raw: Double) -> Double {
        var result = min(max(raw.isFinite ? raw : minimumValue, minimumValue), maximumValue)
        if let step, step > 0 {
            result = minimumValue + ((result - minimumValue) / step).rounded() * step
            result = min(result, maximumValue)
        }
        return result
    }

    /// The thumb centre travels between these x positions.
    var trackRange: (start: Double, end: Double) {
        (contentRect.minX + SliderThumb.diameter / 2, contentRect.maxX - SliderThumb.diameter / 2)
    }

    var isRightToLeft: Bool { environment.layoutDirection == .rightToLeft }

    func position(for value: Double) -> Double {
        let (start, end) = trackRange
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? (value - minimumValue) / span : 0
        return isRightToLeft ? end - fraction * (end - start) : start + fraction * (end - start)
    }

    func value(at x: Double) -> Double {
        let (start, end) = trackRange
        guard end > start else { return minimumValue }
        var fraction = min(max((x - start) / (end - start), 0), 1)
        if isRightToLeft { fraction = 1 - fraction }
        return minimumValue + fraction * (maximumValue - minimumValue)
    }

    /// A drag that starts on a slider moves the slider, not the panel around it.
    open override var tracksDrags: Bool { true }

    // MARK: Tracking: the thumb jumps to the finger, then follows it.

    open override func beginTracking(_ touch: Touch) -> Bool {
        move(to: touch)
        return true
    }

    open override func continueTracking(_ touch: Touch) -> Bool {
        move(to: touch)
        return true
    }

    /// The value is committed (`.primaryAction`, the panel's `on_commit`) whenever the finger
    /// lifts, inside or not: the control's own release-inside path covers the first case.
    open override func endTracking(_ touch: Touch?) {
        if touch != nil && !isTouchInside { sendActions(for: .primaryAction) }
    }

    private func move(to touch: Touch) {
        let old = value
        value = value(at: touch.location(in: self).x)
        if value != old { sendActions(for: .valueChanged) }
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        let (start, end) = trackRange
        let midY = contentRect.midY
        let thumbX = position(for: value)
        let track = Rect(x: start, y: midY - Self.trackHeight / 2, width: end - start, height: Self.trackHeight)
        canvas.fill(roundedRect: track, radius: Self.trackHeight / 2, color: environment.resolve(maximumTrackColor))
        let filled = isRightToLeft
            ? Rect(x: thumbX, y: track.minY, width: end - thumbX, height: track.height)
            : Rect(x: start, y: track.minY, width: thumbX - start, height: track.height)
        if filled.width > 0 {
            canvas.fill(roundedRect: filled, radius: Self.trackHeight / 2, color: environment.resolve(minimumTrackColor))
        }
        let thumb = SliderThumb.rect(centreX: thumbX, midY: midY)
        canvas.drawShadow(SliderThumb.shadow, ofRoundedRect: thumb, radius: SliderThumb.diameter / 2)
        canvas.fill(roundedRect: thumb, radius: SliderThumb.diameter / 2, color: environment.resolve(thumbColor))
    }

    /// The thumb's shadow reaches past the track's box; in a slider laid out smaller than the
    /// thumb, the thumb does too.
    open override var drawingOverhang: EdgeInsets {
        let (start, end) = trackRange
        return overhang(reaching: SliderThumb.reach(between: start, and: end, midY: contentRect.midY), margin: 2)
    }

    // MARK: Accessibility

    open override var defaultAccessibilityValue: String? {
        let span = maximumValue - minimumValue
        return "\(Int(saturating: ((value - minimumValue) / (span > 0 ? span : 1) * 100).rounded()))%"
    }

    open override var defaultAccessibilityTraits: AccessibilityTraits { super.defaultAccessibilityTraits.union(.adjustable) }

    open override func accessibilityIncrement() { adjust(by: 1) }
    open override func accessibilityDecrement() { adjust(by: -1) }

    private func adjust(by direction: Double) {
        let amount = (step ?? 0) > 0 ? step! : (maximumValue - minimumValue) / 10
        let old = value
        value = value + direction * amount
        if value != old { sendActions(for: .valueChanged) }
    }
}
