import CPangoCairo

/// Paragraph settings of a `TextLayout`.
public enum TextAlignment: String, Sendable, CaseIterable {
    /// Leading edge of the paragraph's direction: left for LTR text, right for RTL.
    case natural
    case left
    case center
    case right
}

public enum TextWrap: String, Sendable, CaseIterable {
    case word, char
    /// Words, and characters inside words too long for a line.
    case wordChar = "word_char"
}

public enum TextEllipsize: String, Sendable, CaseIterable {
    case none, start, middle, end
}

/// The base direction of a paragraph.
public enum TextDirection: String, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
    /// Taken from the first strong character of the text.
    case auto
}

/// Shaped, wrapped text ready to measure and draw; wraps a PangoLayout.
/// Views keep one and change only what changed: Pango re-lays out lazily.
public final class TextLayout {
    /// The Pango layout, as the setters change it.
    private var pango: OpaquePointer
    /// The Pango layout with its alignment settled, for what reads or draws the laid-out text.
    var handle: OpaquePointer {
        settleAlignment()
        return pango
    }
    /// False while left or right alignment waits for the direction the text gives (`applyAlignment`).
    private var alignmentIsSettled = true
    /// What `measure` gave at each width since the text, the font or how it wraps last changed. A
    /// layout pass asks a label for its size at several widths, and a stack asks again as it shares
    /// out its room; each answer laid the text out anew (Pango itemizes and shapes it at every
    /// width): 330 of the 392 runs shaped before `Config/kiosk.yaml`'s first frame were measurements.
    private var measurements: [Double?: Size] = [:]
    private static let keptMeasurements = 8

    public private(set) var text: String = ""
    public private(set) var font: Font
    public private(set) var width: Double?
    public private(set) var maxLines = 0
    public private(set) var wrap: TextWrap = .word
    public private(set) var ellipsize: TextEllipsize = .end
    public private(set) var alignment: TextAlignment = .natural
    public private(set) var direction: TextDirection = .auto

    public init(text: String = "", font: Font) {
        pango = pango_layout_new(TextContext.automatic.handle)!
        self.font = font
        applyFont()
        applyEllipsize()
        pango_layout_set_height(pango, Self.pangoHeight(forMaxLines: 0))
        setText(text)
        LiveInstances.textLayouts.increment()
    }

    deinit {
        kiosk_g_object_unref(UnsafeMutableRawPointer(pango))
        LiveInstances.textLayouts.decrement()
    }

    public func setText(_ newText: String) {
        guard newText != text else { return }
        measurements.removeAll()
        text = newText
        pango_layout_set_text(pango, newText, -1)
        // Left and right depend on the direction the text itself gives.
        if direction == .auto, alignment == .left || alignment == .right { applyAlignment() }
    }

    public func setFont(_ newFont: Font) {
        guard newFont != font else { return }
        measurements.removeAll()
        font = newFont
        applyFont()
    }

    /// The wrapping width in points; nil lays the text out on as few lines as its newlines allow.
    public func setWidth(_ newWidth: Double?) {
        guard newWidth != width else { return }
        width = newWidth
        pango_layout_set_width(pango, newWidth.map(Self.pangoWidth) ?? -1)
    }

    /// At most this many lines (0: no limit); the last shown line is ellipsized.
    public func setMaxLines(_ lines: Int) {
        guard lines != maxLines else { return }
        measurements.removeAll()
        maxLines = lines
        pango_layout_set_height(pango, Self.pangoHeight(forMaxLines: lines))
    }

    public func setWrap(_ newWrap: TextWrap) {
        guard newWrap != wrap else { return }
        measurements.removeAll()
        wrap = newWrap
        applyWrap()
    }

    public func setEllipsize(_ mode: TextEllipsize) {
        guard mode != ellipsize else { return }
        measurements.removeAll()
        ellipsize = mode
        applyEllipsize()
    }

    public func setAlignment(_ newAlignment: TextAlignment) {
        guard newAlignment != alignment else { return }
        alignment = newAlignment
        applyAlignment()
    }

    public func setDirection(_ newDirection: TextDirection) {
        guard newDirection != direction else { return }
        measurements.removeAll()
        direction = newDirection
        // A layout's base direction comes from its context, so it moves to the context of the new
        // direction and takes its settings along.
        let replacement = pango_layout_new(TextContext.forDirection(newDirection).handle)!
        kiosk_g_object_unref(UnsafeMutableRawPointer(pango))
        pango = replacement
        pango_layout_set_auto_dir(pango, newDirection == .auto ? 1 : 0)
        applyFont()
        pango_layout_set_text(pango, text, -1)
        pango_layout_set_width(pango, width.map(Self.pangoWidth) ?? -1)
        pango_layout_set_height(pango, Self.pangoHeight(forMaxLines: maxLines))
        applyWrap()
        applyEllipsize()
        applyAlignment()
    }

    /// The direction Pango resolved for the first paragraph.
    public var resolvedDirection: TextDirection {
        switch direction {
        case .leftToRight, .rightToLeft: return direction
        case .auto:
            let resolved = pango_layout_get_direction(pango, 0)
            return resolved == PANGO_DIRECTION_RTL ? .rightToLeft : .leftToRight
        }
    }

    /// The logical size of the laid-out text in points (height includes line spacing).
    public var size: Size {
        var logical = PangoRectangle()
        pango_layout_get_extents(handle, nil, &logical)
        let scale = Double(PANGO_SCALE)
        // With a wrap width the text is placed inside that width (alignment), so it is the width.
        let w = width ?? (Double(logical.x + logical.width) / scale)
        return Size(width: w, height: Double(logical.height) / scale)
    }

    /// The width the text needs on its own, ignoring the wrap width.
    public var naturalWidth: Double {
        var logical = PangoRectangle()
        pango_layout_get_extents(handle, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }

    /// The rectangle the glyphs actually cover, relative to the layout origin (for damage).
    public var inkRect: Rect {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(handle, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        let inkRect = Rect(x: Double(ink.x) / scale, y: Double(ink.y) / scale,
                           width: Double(ink.width) / scale, height: Double(ink.height) / scale)
        let logicalRect = Rect(x: Double(logical.x) / scale, y: Double(logical.y) / scale,
                               width: Double(logical.width) / scale, height: Double(logical.height) / scale)
        return inkRect.union(logicalRect)
    }

    public var lineCount: Int { Int(pango_layout_get_line_count(handle)) }

    public var isEllipsized: Bool { pango_layout_is_ellipsized(handle) != 0 }

    /// Size of the text when laid out in at most `width` points (nil: unconstrained), leaving the
    /// layout's own width as it was. A width below 0, or NaN, is 0, as Pango lays it out (a word a
    /// line); it measured as a negative width, and each NaN was a width of its own to the memo.
    public func measure(width requested: Double?) -> Size {
        let proposed = requested.map { $0.isNaN ? 0 : max(0, $0) }
        if let known = measurements[proposed] { return known }
        let saved = width
        setWidth(proposed)
        let measured = Size(width: min(naturalWidth, proposed ?? .infinity), height: size.height)
        setWidth(saved)
        if measurements.count >= Self.keptMeasurements { measurements.removeAll() }
        measurements[proposed] = measured
        return measured
    }

    /// The character offset (in `text`'s characters) nearest to a point in layout coordinates.
    public func characterIndex(at point: Point) -> Int {
        var index: Int32 = 0, trailing: Int32 = 0
        let x = Int32(saturating: point.x * Double(PANGO_SCALE)), y = Int32(saturating: point.y * Double(PANGO_SCALE))
        _ = pango_layout_xy_to_index(handle, x, y, &index, &trailing)
        let byteOffset = Int(index)
        let utf8 = Array(text.utf8)
        let prefix = String(decoding: utf8[0..<min(byteOffset, utf8.count)], as: UTF8.self)
        return prefix.count + Int(trailing)
    }

    /// The caret rectangle before the character at `characterIndex`, in layout coordinates.
    public func caretRect(atCharacter characterIndex: Int) -> Rect {
        let byteIndex = text.prefix(characterIndex).utf8.count
        var strong = PangoRectangle()
        pango_layout_get_cursor_pos(handle, Int32(clamping: byteIndex), &strong, nil)
        let scale = Double(PANGO_SCALE)
        return Rect(x: Double(strong.x) / scale, y: Double(strong.y) / scale,
                    width: 0, height: Double(strong.height) / scale)
    }

    private func applyFont() {
        let description = pango_font_description_new()
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.pangoWeight)))
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        pango_layout_set_font_description(pango, description)
        pango_font_description_free(description)
    }

    /// Pango reads a negative height as a line count and, while ellipsizing, its default of -1 as
    /// "one line": no limit has to be an unreachable positive height.
    private static func pangoHeight(forMaxLines lines: Int) -> Int32 {
        lines > 0 ? Int32(clamping: -lines) : Int32.max
    }

    /// A width in Pango units, which are 32-bit: a width too large for them wraps nothing anyway.
    private static func pangoWidth(_ points: Double) -> Int32 {
        Int32(saturating: max(0, points) * Double(PANGO_SCALE))
    }

    private func applyWrap() {
        let mode: PangoWrapMode = switch wrap {
        case .word: PANGO_WRAP_WORD
        case .char: PANGO_WRAP_CHAR
        case .wordChar: PANGO_WRAP_WORD_CHAR
        }
        pango_layout_set_wrap(pango, mode)
    }

    private func applyEllipsize() {
        let mode: PangoEllipsizeMode = switch ellipsize {
        case .none: PANGO_ELLIPSIZE_NONE
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        }
        pango_layout_set_ellipsize(pango, mode)
    }

    /// Sets Pango's alignment for `alignment`. Only left and right depend on the paragraph's
    /// direction, and asking Pango for a direction it finds in the text lays the text out (itemized
    /// and shaped) at the width of the moment; a width or an alignment set after that lays it out
    /// again. So the alignment is set as for left-to-right text, and the direction is asked for only
    /// when the laid-out text is first read (`settleAlignment`), at its final width: a label is
    /// shaped once, where it was shaped twice.
    private func applyAlignment() {
        let known = direction == .auto ? TextDirection.leftToRight : direction
        pango_layout_set_alignment(pango, Self.pangoAlignment(for: alignment, rightToLeft: known == .rightToLeft))
        alignmentIsSettled = direction != .auto || alignment == .natural || alignment == .center
    }

    /// Changes a left or right alignment for a right-to-left paragraph, once the text is read.
    private func settleAlignment() {
        guard !alignmentIsSettled else { return }
        alignmentIsSettled = true
        guard resolvedDirection == .rightToLeft else { return }
        pango_layout_set_alignment(pango, Self.pangoAlignment(for: alignment, rightToLeft: true))
    }

    private static func pangoAlignment(for alignment: TextAlignment, rightToLeft: Bool) -> PangoAlignment {
        switch alignment {
        case .natural: PANGO_ALIGN_LEFT   // Pango mirrors LEFT for RTL paragraphs itself.
        case .left: rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .right: rightToLeft ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT
        }
    }
}
