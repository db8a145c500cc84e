import KioskGraphics

/// A slider with a tick at every step; ticks the thumb has passed take the active colour — the
/// seed's MarkedSlider. Values snap to steps: dragging or tapping the track moves the thumb from
/// tick to tick (`.valueChanged` at each), and assistive technology adjusts it one step at a time.
open class MarkedSlider: Control {
    /// A new range clamps the value into it (as `Slider` does): a thumb past the end of the track
    /// would be drawn outside the slider.
    public var minimumValue: Double = 0 {
        didSet { if minimumValue != oldValue { value = storedValue; setNeedsDisplay() } }
    }

    public var maximumValue: Double = 10 {
        didSet { if maximumValue != oldValue { value = storedValue; setNeedsDisplay() } }
    }

    public var step: Double = 1 {
        didSet { if step != oldValue { setNeedsDisplay() } }
    }

    public var value: Double {
        get { storedValue }
        set {
            let clamped = min(max(newValue, minimumValue), maximumValue)
            guard clamped != storedValue else { return }
            storedValue = clamped
            setNeedsDisplay()
        }
    }

    public var activeColor: Color = .accent {
        didSet { if activeColor != oldValue { setNeedsDisplay() } }
    }

    /// The default stays 3:1 against the system background in both appearances, so ticks are seen.
    public var inactiveColor: Color = .systemGray {
        didSet { if inactiveColor != oldValue { setNeedsDisplay() } }
    }

    private var storedValue: Double = 0

    /// End ticks line up with the thumb's centre at the ends of the track.
    public static let horizontalInset = SliderThumb.diameter / 2
    static let tickSize = Size(width: 2, height: 12)
    static let trackHeight = 4.0

    public init(minimum: Double = 0, maximum: Double = 10, step: Double = 1, value: Double = 0) {
        minimumValue = minimum
        maximumValue = maximum
        self.step = step
        super.init()
        touchSlop = 40
        self.value = value
    }

    /// The most ticks drawn: a slider with more steps draws a tick every `tickStride` steps.
    public static let maximumDrawnTicks = 1000

    /// floor((max − min) / step): the steps the value snaps to, from min to the last one. A
    /// number of steps, kept as a Double because a wide range of small steps can exceed any
    /// integer.
    public var stepCount: Double {
        guard step > 0, maximumValue > minimumValue else { return 0 }
        return ((maximumValue - minimumValue) / step + 1e-9).rounded(.down)
    }

    /// stepCount + 1 positions, saturated at `Int.max`; 0 for an empty range.
    public var tickCount: Int {
        guard step > 0, maximumValue > minimumValue else { return 0 }
        return Int(saturating: stepCount + 1)
    }

    /// The highest value the thumb snaps to (max, unless the range is not a whole number of steps).
    public var lastStepValue: Double { minimumValue + stepCount * step }

    /// Steps from one drawn tick to the next: 1 while every step fits in `maximumDrawnTicks`.
    public var tickStride: Double {
        (stepCount / Double(Self.maximumDrawnTicks)).rounded(.down) + 1
    }

    /// The ticks drawn: every `tickStride`-th step from min, never more than `maximumDrawnTicks`.
    public var drawnTickValues: [Double] {
        guard tickCount > 0, stepCount.isFinite else { return [] }
        let stride = tickStride
        // The cap also holds when the stride is so large that adding 1 to it was lost to rounding.
        let count = min(Int(saturating: (stepCount / stride).rounded(.down)) + 1, Self.maximumDrawnTicks)
        return (0..<count).map { minimumValue + Double($0) * stride * step }
    }

    open override var intrinsicContentSize: Size? { Size(width: -1, height: 44) }

    /// The track's extent: the thumb centre travels from its start to its end.
    public var trackRange: (start: Double, end: Double) {
        (contentRect.minX + Self.horizontalInset, contentRect.maxX - Self.horizontalInset)
    }

    /// Where along the track a value sits, mirrored for right-to-left.
    public func position(for value: Double) -> Double {
        let (start, end) = trackRange
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? (value - minimumValue) / span : 0
        return environment.layoutDirection == .rightToLeft ? end - fraction * (end - start) : start + fraction * (end - start)
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        let active = environment.resolve(activeColor), inactive = environment.resolve(inactiveColor)
        let midY = contentRect.midY
        let (start, end) = trackRange
        let thumbX = position(for: storedValue)
        let track = Rect(x: start, y: midY - Self.trackHeight / 2, width: end - start, height: Self.trackHeight)
        canvas.fill(roundedRect: track, radius: Self.trackHeight / 2, color: inactive)
        let rtl = environment.layoutDirection == .rightToLeft
        let filled = rtl
            ? Rect(x: thumbX, y: track.minY, width: end - thumbX, height: track.height)
            : Rect(x: start, y: track.minY, width: thumbX - start, height: track.height)
        if filled.width > 0 { canvas.fill(roundedRect: filled, radius: Self.trackHeight / 2, color: active) }
        for tickValue in drawnTickValues {
            let x = position(for: tickValue)
            let tick = Rect(x: x - Self.tickSize.width / 2, y: midY - Self.tickSize.height / 2,
                            width: Self.tickSize.width, height: Self.tickSize.height)
            canvas.fill(roundedRect: tick, radius: Self.tickSize.width / 2, color: tickValue <= storedValue + 1e-9 ? active : inactive)
        }
        let thumb = SliderThumb.rect(centreX: thumbX, midY: midY)
        canvas.drawShadow(SliderThumb.shadow, ofRoundedRect: thumb, radius: SliderThumb.diameter / 2)
        canvas.fill(roundedRect: thumb, radius: SliderThumb.diameter / 2, color: RGBA(hex: 0xFFFFFF))
        canvas.beginPath()
        canvas.addRoundedRect(thumb.insetBy(dx: 0.25, dy: 0.25), radius: SliderThumb.diameter / 2)
        canvas.stroke(RGBA(hex: 0, alpha: 0.08), style: StrokeStyle(width: 0.5))
    }

    // MARK: Interaction

    /// A drag that starts on a slider moves the slider, not the panel around it.
    open override var tracksDrags: Bool { true }

    /// The value a point along the track stands for, snapped to the nearest step.
    public func snappedValue(atX x: Double) -> Double {
        let (start, end) = trackRange
        guard end > start, step > 0 else { return minimumValue }
        var fraction = min(max((x - start) / (end - start), 0), 1)
        if environment.layoutDirection == .rightToLeft { fraction = 1 - fraction }
        let raw = minimumValue + fraction * (maximumValue - minimumValue)
        let steps = ((raw - minimumValue) / step).rounded()
        return min(minimumValue + steps * step, lastStepValue)
    }

    open override func beginTracking(_ touch: Touch) -> Bool {
        follow(touch)
        return true
    }

    open override func continueTracking(_ touch: Touch) -> Bool {
        follow(touch)
        return true
    }

    private func follow(_ touch: Touch) {
        let old = value
        value = snappedValue(atX: touch.location(in: self).x)
        if value != old { sendActions(for: .valueChanged) }
    }

    open override func stateDidChange() {}

    // MARK: Accessibility: adjustable by one step, value read as an integer

    open override var defaultAccessibilityValue: String? { value.rounded().compact }
    open override var defaultAccessibilityTraits: AccessibilityTraits { super.defaultAccessibilityTraits.union(.adjustable) }

    open override func accessibilityIncrement() { adjust(by: step) }
    open override func accessibilityDecrement() { adjust(by: -step) }

    private func adjust(by amount: Double) {
        let old = value
        value = min(max(value + amount, minimumValue), lastStepValue)
        if value != old { sendActions(for: .valueChanged) }
    }

    /// The thumb's shadow reaches past the track's box; in a slider laid out smaller than the
    /// thumb, the thumb does too. Ticks and track lie within the thumb's travel.
    open override var drawingOverhang: EdgeInsets {
        let (start, end) = trackRange
        return overhang(reaching: SliderThumb.reach(between: start, and: end, midY: contentRect.midY), margin: 2)
    }
}
