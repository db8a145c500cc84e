import KioskGraphics

/// An on/off switch: a capsule whose knob slides across (animated) when tapped; sends
/// `.valueChanged` when the user flips it.
open class Switch: Control {
    public var isOn: Bool {
        get { storedOn }
        set { setOn(newValue, animated: false) }
    }

    public var onTintColor: Color = .systemGreen { didSet { if onTintColor != oldValue { setNeedsDisplay() } } }

    /// Where the knob is, 0 (off) to 1 (on); animated between the two.
    public var knobPosition: Double = 0 {
        didSet { if knobPosition != oldValue { setNeedsDisplay() } }
    }

    private var storedOn = false
    public static let size = Size(width: 51, height: 31)
    /// The knob's gap to the capsule's edge, all round.
    static let knobInset = 2.0
    static let knobShadow = Shadow(opacity: 0.2, offset: Size(width: 0, height: 2), radius: 3)
    static let toggleDuration = 0.2

    public init(isOn: Bool = false) {
        super.init()
        setOn(isOn, animated: false)
    }

    public func setOn(_ on: Bool, animated: Bool) {
        storedOn = on
        let target = on ? 1.0 : 0.0
        if animated, let screen {
            screen.animator.animate(self, \.knobPosition, to: target, duration: Self.toggleDuration, curve: .easeInOut)
        } else {
            screen?.animator.cancelAnimations(of: self)
            knobPosition = target
        }
    }

    open override var intrinsicContentSize: Size? { Self.size }

    public static let offTrackColor = Color.systemGray

    open override func performPrimaryAction() {
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged)
        super.performPrimaryAction()
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let environment = self.environment
        let box = capsule
        // The off track stays 3:1 against the system background in both appearances.
        let off = environment.resolve(Self.offTrackColor), on = environment.resolve(onTintColor)
        canvas.fill(roundedRect: box, radius: box.height / 2, color: off.interpolated(to: on, fraction: knobPosition))
        let knobDiameter = box.height - 2 * Self.knobInset
        let travel = box.width - knobDiameter - 2 * Self.knobInset
        let rtl = environment.layoutDirection == .rightToLeft
        let x = box.minX + Self.knobInset + travel * (rtl ? 1 - knobPosition : knobPosition)
        let knob = Rect(x: x, y: box.minY + Self.knobInset, width: knobDiameter, height: knobDiameter)
        canvas.drawShadow(Self.knobShadow, ofRoundedRect: knob, radius: knobDiameter / 2)
        canvas.fill(roundedRect: knob, radius: knobDiameter / 2, color: RGBA(hex: 0xFFFFFF))
    }

    /// The capsule keeps its size, centred in the content box, whatever the switch's frame.
    private var capsule: Rect {
        Rect(x: contentRect.midX - Self.size.width / 2, y: contentRect.midY - Self.size.height / 2,
             width: Self.size.width, height: Self.size.height)
    }

    /// The knob's shadow reaches past the capsule, wherever the knob is on its travel; in a switch
    /// laid out smaller than the capsule, the capsule does too.
    open override var drawingOverhang: EdgeInsets {
        let box = capsule
        return overhang(reaching: box.union(Self.knobShadow.bounds(of: box.insetBy(dx: Self.knobInset, dy: Self.knobInset))), margin: 1)
    }

    open override var defaultAccessibilityValue: String? { isOn ? "on" : "off" }
    open override var defaultAccessibilityTraits: AccessibilityTraits { super.defaultAccessibilityTraits.union(.button) }
}
