import CXKBCommon
import KioskPlatform

/// Turns X keysyms into `KeyEvent`s, for keyboards that send symbols rather than key codes (a VNC
/// viewer: its own layout and modifiers already chose the symbol). The same editing keys and the
/// same rule for text as `KeyboardTranslator`, with xkbcommon giving each symbol's characters.
public enum KeysymTranslator {
    /// The event for one symbol going down or up; nil for modifiers and symbols with no text or meaning.
    public static func keyEvent(forKeysym symbol: UInt32, isDown: Bool, timestamp: Double = 0) -> KeyEvent? {
        if let editing = KeyboardTranslator.editingKey(for: symbol) {
            return KeyEvent(key: editing, isDown: isDown, timestamp: timestamp)
        }
        var buffer = [CChar](repeating: 0, count: 16)
        let length = Int(xkb_keysym_to_utf8(symbol, &buffer, buffer.count))
        // The length counts the terminating NUL; 0 means no text, -1 a buffer too small.
        guard length > 1 else { return nil }
        let text = String(decoding: buffer.prefix(length - 1).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard KeyboardTranslator.isPrintable(text) else { return nil }
        return KeyEvent(key: .text(text), isDown: isDown, timestamp: timestamp)
    }
}
