import KioskGraphics
import KioskPlatform

/// A view that takes text from a keyboard: the on-screen keyboard shows while one is focused.
public protocol TextInput: View {
    /// Which keyboard page to start on.
    var prefersNumericKeyboard: Bool { get }
}

/// The keyboard drawn on the screen: slides up from the bottom when a text input takes focus and
/// no hardware keyboard is present, and down again when focus leaves. Keys send key events to the
/// focused view, exactly as a hardware keyboard would. Shift applies to the next letter; backspace
/// repeats while held; return submits.
public final class OnScreenKeyboard: View {
    public var keyboardLayout: KeyboardLayout {
        didSet { if keyboardLayout != oldValue { rebuildKeys() } }
    }

    /// The keyboard's height in points.
    public var height = 260.0

    /// The key labels' style or font (the words and symbols of the other keys at three quarters
    /// of its size); nil: 20 points, 15 for the others, following the text scale up to 1.3. Only
    /// the keys draw again: their frames do not depend on it.
    public var keyFont: FontValue? {
        didSet {
            guard keyFont != oldValue else { return }
            for key in keyViews { key.font = keyFont }
        }
    }

    public private(set) var isShown = false
    public private(set) var showsSymbols = false
    public private(set) var isShifted = false

    /// Backspace repeats after this delay, then at this interval.
    public var repeatDelay = 0.5
    public var repeatInterval = 0.1

    private weak var hostScreen: Screen?
    private var keyViews: [KeyboardKeyView] = []
    static let slideDuration = 0.25

    public init(layout: KeyboardLayout = .english) {
        self.keyboardLayout = layout
        super.init()
        backgroundColor = Color(light: RGBA(hex: 0xD1D3D9), dark: RGBA(hex: 0x2B2B2D))
        isAccessibilityElementOverride = false
        rebuildKeys()
    }

    /// Follows the screen's focus: shown for a focused text input unless a hardware keyboard is there.
    public func attach(to screen: Screen) {
        hostScreen = screen
        screen.onScreenKeyboard = self
        screen.input.addFocusObserver { [weak self] _ in self?.update() }
        screen.input.addHardwareKeyboardObserver { [weak self] _ in self?.update() }
    }

    private func update() {
        guard let screen = hostScreen else { return }
        let input = screen.focusedView as? TextInput
        if let input, !screen.input.hardwareKeyboardPresent {
            if !isShown { showsSymbols = input.prefersNumericKeyboard; isShifted = false; rebuildKeys() }
            show(on: screen)
            keepVisible(input)
        } else {
            if isShown, let content = (superview as? LayerHostView)?.content, content.transform != .identity {
                View.animate(duration: Self.slideDuration, curve: .easeIn) { content.transform = .identity }
            }
            hide()
        }
    }

    /// Space left between a focused input and the keyboard's top edge.
    public var inputClearance = 8.0

    /// Slides the content up (with the keyboard) just enough that the focused input stays above it.
    private func keepVisible(_ input: View) {
        guard let screen, let host = superview as? LayerHostView else { return }
        let content = host.content
        let currentShift = -content.transform.ty
        let bottom = input.transformToScreen.apply(to: input.bounds).maxY / screen.scale + currentShift
        let keyboardTop = host.bounds.height - height
        let shift = max(0, (bottom + inputClearance - keyboardTop).rounded(.up))
        guard shift != currentShift else { return }
        View.animate(duration: Self.slideDuration, curve: .easeOut) {
            content.transform = shift > 0 ? AffineTransform(translationX: 0, y: -shift) : .identity
        }
    }

    private func show(on screen: Screen) {
        guard !isShown else { return }
        isShown = true
        let host = screen.installLayerHost()
        let keyboardHeight = height
        host.addLayer(self) { bounds in
            Rect(x: bounds.minX, y: bounds.maxY - keyboardHeight, width: bounds.width, height: keyboardHeight)
        }
        transform = AffineTransform(translationX: 0, y: keyboardHeight)
        View.animate(duration: Self.slideDuration, curve: .easeOut) { self.transform = .identity }
    }

    private func hide() {
        guard isShown else { return }
        isShown = false
        View.animate(duration: Self.slideDuration, curve: .easeIn, animations: {
            self.transform = AffineTransform(translationX: 0, y: self.height)
        }, completion: { [weak self] _ in
            guard let self, !self.isShown else { return }
            (self.superview as? LayerHostView)?.removeLayer(self)
        })
    }

    // MARK: Keys

    private func rebuildKeys() {
        for key in keyViews { key.removeFromSuperview() }
        keyViews = keyboardLayout.rows(symbols: showsSymbols, shifted: isShifted).flatMap { row in
            row.map { kind in
                let key = KeyboardKeyView(kind: kind, symbols: showsSymbols)
                key.font = keyFont
                key.isSelected = kind == .shift && isShifted
                key.onPress = { [weak self] in self?.pressed(kind) }
                key.onRepeat = { [weak self] in self?.send(.backspace) }
                return key
            }
        }
        for key in keyViews { addSubview(key) }
        setNeedsLayout()
    }

    public override func layout() {
        let rows = keyboardLayout.rows(symbols: showsSymbols, shifted: isShifted)
        let gap = 6.0, inset = 4.0
        let rowHeight = (bounds.height - inset * 2 - gap * Double(rows.count - 1)) / Double(rows.count)
        let maxKeys = Double(rows.map(\.count).max() ?? 1)
        let unit = (bounds.width - inset * 2 - gap * (maxKeys - 1)) / maxKeys
        var index = 0
        for (rowIndex, row) in rows.enumerated() {
            let widths: [Double] = row.map { kind in
                switch kind {
                case .space: return unit * 5 + gap * 4
                case .returnKey, .switchPage: return unit * 2 + gap
                case .shift, .backspace: return unit * 1.5
                case .character: return unit
                }
            }
            let total = widths.reduce(0, +) + gap * Double(row.count - 1)
            var x = ((bounds.width - total) / 2).rounded()
            let y = (inset + Double(rowIndex) * (rowHeight + gap)).rounded()
            for width in widths {
                keyViews[index].frame = Rect(x: x, y: y, width: width.rounded(), height: rowHeight.rounded())
                x += width.rounded() + gap
                index += 1
            }
        }
    }

    private func pressed(_ kind: KeyboardKeyKind) {
        switch kind {
        case .character(let text):
            send(.text(text))
            if isShifted { isShifted = false; rebuildKeys() }
        case .shift:
            isShifted.toggle()
            rebuildKeys()
        case .backspace: send(.backspace)
        case .returnKey: send(.returnKey)
        case .space: send(.text(" "))
        case .switchPage:
            showsSymbols.toggle()
            isShifted = false
            rebuildKeys()
        }
    }

    private func send(_ key: Key) {
        guard let screen = hostScreen ?? self.screen else { return }
        screen.dispatch(.key(KeyEvent(key: key, isDown: true, timestamp: screen.currentTime)))
    }

    /// The screen points to tap, in order, to produce a key from the current page (switching page
    /// or pressing shift first when needed). Used by scripted input.
    public func tapPoints(for key: Key) throws -> [Point] {
        func center(of kind: KeyboardKeyKind) -> Point? {
            guard let view = keyViews.first(where: { $0.kind == kind }) else { return nil }
            let box = view.transformToScreen.apply(to: view.bounds)
            let scale = screen?.scale ?? 1
            return Point(x: box.midX / scale, y: box.midY / scale)
        }
        let wanted: KeyboardKeyKind
        switch key {
        case .text(" "): wanted = .space
        case .text(let text): wanted = .character(text)
        case .returnKey: wanted = .returnKey
        case .backspace: wanted = .backspace
        default: throw KeyboardError(description: "the on-screen keyboard has no key for \(key)")
        }
        if let point = center(of: wanted) { return [point] }
        guard case .character(let text) = wanted else { throw KeyboardError(description: "no key for \(key)") }
        let lower = text.lowercased()
        let onLetters = keyboardLayout.letterRows.joined().contains(lower)
        let onSymbols = KeyboardLayout.symbolRows.joined().contains(text)
        var points: [Point] = []
        if (onLetters && showsSymbols) || (onSymbols && !showsSymbols), let toggle = center(of: .switchPage) {
            points.append(toggle)
            // The page switch happens when that tap is made; the key positions are the other page's.
            let other = OnScreenKeyboard.positions(of: self, symbols: !showsSymbols)
            let shifted = onLetters && text != lower
            if shifted, let shift = other[.shift] { points.append(shift) }
            if let point = other[.character(onLetters ? lower : text)] { points.append(point); return points }
        } else if onLetters && text != lower, let shift = center(of: .shift) {
            points.append(shift)
            if let point = center(of: .character(lower)) { points.append(point); return points }
        }
        throw KeyboardError(description: "the \(keyboardLayout.name) keyboard has no key for \"\(text)\"")
    }

    /// Key centres on a page, laid out the way `layout()` will (letters at the same place shifted or not).
    private static func positions(of keyboard: OnScreenKeyboard, symbols: Bool) -> [KeyboardKeyKind: Point] {
        let probe = OnScreenKeyboard(layout: keyboard.keyboardLayout)
        probe.showsSymbols = symbols
        probe.rebuildKeys()
        probe.frame = Rect(origin: .zero, size: keyboard.bounds.size)
        probe.layout()
        let origin = keyboard.transformToScreen.apply(to: Point.zero)
        let scale = keyboard.screen?.scale ?? 1
        var result: [KeyboardKeyKind: Point] = [:]
        for key in probe.keyViews {
            result[key.kind] = Point(x: origin.x / scale + key.frame.midX, y: origin.y / scale + key.frame.midY)
        }
        return result
    }
}

public struct KeyboardError: Error, CustomStringConvertible {
    public let description: String
}
