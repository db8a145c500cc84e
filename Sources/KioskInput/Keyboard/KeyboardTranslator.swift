import CXKBCommon
import KioskPlatform

/// Turns evdev key codes into `KeyEvent`s through an xkbcommon keymap, tracking modifiers and dead
/// keys. One translator serves every keyboard of the seat: modifier state is shared, as a user with
/// two keyboards would expect shift on one to affect the other.
public final class KeyboardTranslator {
    private let context: OpaquePointer
    private let compiledKeymap: OpaquePointer
    private let state: OpaquePointer
    private let compose: ComposeState?
    /// What each held key produced when it went down, so its release reports the same key even if
    /// a modifier changed in between (shift released before the letter).
    private var heldKeys: [UInt32: Key] = [:]

    public let keymap: Keymap

    public init(keymap: Keymap = Keymap()) throws(InputError) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .keyboardContextUnavailable }
        let compiled = keymap.layout.withCString { layoutName in
            keymap.variant.withCString { variantName in
                var names = xkb_rule_names(rules: nil, model: nil, layout: layoutName, variant: variantName, options: nil)
                return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
            }
        }
        guard let compiled, let state = xkb_state_new(compiled) else {
            xkb_context_unref(context)
            throw .unknownKeyboardLayout(layout: keymap.layout, variant: keymap.variant)
        }
        self.context = context
        self.compiledKeymap = compiled
        self.state = state
        self.compose = ComposeState(context: context, locale: keymap.composeLocale)
        self.keymap = keymap
    }

    isolated deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(compiledKeymap)
        xkb_context_unref(context)
    }

    /// Feeds one key transition (evdev code, as libinput reports it). Returns the event the UI
    /// should see, or nil for modifiers, half-typed dead keys and keys with no text or meaning.
    public func translate(evdevKeycode code: UInt32, isDown: Bool, timestamp: Double = 0) -> KeyEvent? {
        // XKB keycodes are evdev codes offset by 8, a legacy of the X11 protocol.
        let keycode = code + 8
        defer { xkb_state_update_key(state, keycode, isDown ? XKB_KEY_DOWN : XKB_KEY_UP) }
        if !isDown {
            guard let key = heldKeys.removeValue(forKey: code) else { return nil }
            return KeyEvent(key: key, isDown: false, timestamp: timestamp)
        }
        let symbol = xkb_state_key_get_one_sym(state, keycode)
        guard let key = key(forKeycode: keycode, symbol: symbol) else { return nil }
        heldKeys[code] = key
        return KeyEvent(key: key, isDown: true, timestamp: timestamp)
    }

    /// Whether the key with this evdev code is held (the runtime repeats held keys itself).
    public func isDown(evdevKeycode code: UInt32) -> Bool { heldKeys[code] != nil }

    /// Forgets held keys and modifiers, e.g. after a VT switch during which releases were missed.
    public func reset() {
        for code in heldKeys.keys { xkb_state_update_key(state, code + 8, XKB_KEY_UP) }
        heldKeys.removeAll()
        compose?.reset()
    }

    private func key(forKeycode keycode: UInt32, symbol: xkb_keysym_t) -> Key? {
        if let editing = Self.editingKey(for: symbol) {
            compose?.reset()
            return editing
        }
        if let compose {
            switch compose.feed(symbol) {
            case .composing, .cancelled: return nil
            case .composed(let text): return Self.isPrintable(text) ? .text(text) : nil
            case .nothing: break
            }
        }
        let text = utf8(forKeycode: keycode)
        return Self.isPrintable(text) ? .text(text) : nil
    }

    private func utf8(forKeycode keycode: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = Int(xkb_state_key_get_utf8(state, keycode, &buffer, buffer.count))
        guard length > 0 else { return "" }
        return String(decoding: buffer.prefix(min(length, buffer.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func editingKey(for symbol: xkb_keysym_t) -> Key? {
        switch Int32(bitPattern: symbol) {
        case XKB_KEY_Return, XKB_KEY_KP_Enter, XKB_KEY_ISO_Enter: .returnKey
        case XKB_KEY_BackSpace: .backspace
        case XKB_KEY_Delete, XKB_KEY_KP_Delete: .delete
        case XKB_KEY_Tab, XKB_KEY_ISO_Left_Tab, XKB_KEY_KP_Tab: .tab
        case XKB_KEY_Escape: .escape
        case XKB_KEY_Left, XKB_KEY_KP_Left: .left
        case XKB_KEY_Right, XKB_KEY_KP_Right: .right
        case XKB_KEY_Up, XKB_KEY_KP_Up: .up
        case XKB_KEY_Down, XKB_KEY_KP_Down: .down
        case XKB_KEY_Home, XKB_KEY_KP_Home: .home
        case XKB_KEY_End, XKB_KEY_KP_End: .end
        default: nil
        }
    }

    /// Control characters (Ctrl+letter gives U+0001…) are shortcuts, not text.
    static func isPrintable(_ text: String) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
