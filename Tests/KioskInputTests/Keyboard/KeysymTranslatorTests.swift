import KioskInput
import KioskPlatform
import Testing

/// A VNC viewer sends keysyms its own layout chose: they become the same keys a keyboard gives.
@Suite struct KeysymTranslatorTests {
    @Test func lettersAndSymbolsBecomeText() {
        #expect(KeysymTranslator.keyEvent(forKeysym: 0x61, isDown: true)?.key == .text("a"))
        #expect(KeysymTranslator.keyEvent(forKeysym: 0x41, isDown: true)?.key == .text("A"))
        // eacute and the euro sign (a Unicode keysym).
        #expect(KeysymTranslator.keyEvent(forKeysym: 0xE9, isDown: true)?.key == .text("é"))
        #expect(KeysymTranslator.keyEvent(forKeysym: 0x20AC, isDown: true)?.key == .text("€"))
        #expect(KeysymTranslator.keyEvent(forKeysym: 0x61, isDown: false)?.isDown == false)
    }

    @Test func editingKeysAreKeys() {
        #expect(KeysymTranslator.keyEvent(forKeysym: 0xFF0D, isDown: true)?.key == .returnKey)
        #expect(KeysymTranslator.keyEvent(forKeysym: 0xFF08, isDown: true)?.key == .backspace)
        #expect(KeysymTranslator.keyEvent(forKeysym: 0xFF51, isDown: true)?.key == .left)
    }

    @Test func modifiersAndNonsenseMakeNothing() {
        #expect(KeysymTranslator.keyEvent(forKeysym: 0xFFE1, isDown: true) == nil)  // Shift_L
        #expect(KeysymTranslator.keyEvent(forKeysym: 0xFFFF_FFFF, isDown: true) == nil)
        #expect(KeysymTranslator.keyEvent(forKeysym: 0, isDown: true) == nil)
    }
}
