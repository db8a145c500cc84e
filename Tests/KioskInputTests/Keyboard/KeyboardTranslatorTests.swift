import CInput
import KioskPlatform
import Testing
@testable import KioskInput

/// Presses and releases a key, returning what the press produced.
private func type(_ code: Int32, on keyboard: KeyboardTranslator) -> Key? {
    let down = keyboard.translate(evdevKeycode: UInt32(code), isDown: true)
    _ = keyboard.translate(evdevKeycode: UInt32(code), isDown: false)
    return down?.key
}

private func withShift<T>(on keyboard: KeyboardTranslator, _ body: () -> T) -> T {
    #expect(keyboard.translate(evdevKeycode: UInt32(KEY_LEFTSHIFT), isDown: true) == nil)
    defer { #expect(keyboard.translate(evdevKeycode: UInt32(KEY_LEFTSHIFT), isDown: false) == nil) }
    return body()
}

@Test func usLayoutTypesLettersDigitsAndShiftedSymbols() throws {
    let keyboard = try KeyboardTranslator(keymap: Keymap(layout: "us"))
    #expect(type(KEY_A, on: keyboard) == .text("a"))
    #expect(type(KEY_2, on: keyboard) == .text("2"))
    #expect(withShift(on: keyboard) { type(KEY_A, on: keyboard) } == .text("A"))
    #expect(withShift(on: keyboard) { type(KEY_2, on: keyboard) } == .text("@"))
    #expect(type(KEY_SEMICOLON, on: keyboard) == .text(";"))
}

@Test func editingKeysBecomeKeyCases() throws {
    let keyboard = try KeyboardTranslator()
    let expected: [(Int32, Key)] = [
        (KEY_ENTER, .returnKey), (KEY_KPENTER, .returnKey), (KEY_BACKSPACE, .backspace), (KEY_DELETE, .delete),
        (KEY_TAB, .tab), (KEY_ESC, .escape), (KEY_LEFT, .left), (KEY_RIGHT, .right), (KEY_UP, .up),
        (KEY_DOWN, .down), (KEY_HOME, .home), (KEY_END, .end),
    ]
    for (code, key) in expected {
        #expect(type(code, on: keyboard) == key, "evdev code \(code)")
    }
    // Shift+Tab is still Tab (the keymap calls it ISO_Left_Tab).
    #expect(withShift(on: keyboard) { type(KEY_TAB, on: keyboard) } == .tab)
}

@Test func spanishLayoutTypesEnyeWithAndWithoutShift() throws {
    let keyboard = try KeyboardTranslator(keymap: Keymap(layout: "es"))
    // Ñ sits where US keyboards have the semicolon.
    #expect(type(KEY_SEMICOLON, on: keyboard) == .text("ñ"))
    #expect(withShift(on: keyboard) { type(KEY_SEMICOLON, on: keyboard) } == .text("Ñ"))
    #expect(withShift(on: keyboard) { type(KEY_1, on: keyboard) } == .text("!"))
    #expect(withShift(on: keyboard) { type(KEY_7, on: keyboard) } == .text("/"))
}

@Test func spanishDeadAcuteComposesWithTheNextLetter() throws {
    let keyboard = try KeyboardTranslator(keymap: Keymap(layout: "es"))
    // The acute accent is a dead key (right of Ñ): alone it types nothing, then é.
    #expect(type(KEY_APOSTROPHE, on: keyboard) == nil)
    #expect(type(KEY_E, on: keyboard) == .text("é"))
    #expect(type(KEY_E, on: keyboard) == .text("e"))
}

@Test func modifiersAndControlChordsProduceNoText() throws {
    let keyboard = try KeyboardTranslator()
    #expect(type(KEY_LEFTCTRL, on: keyboard) == nil)
    #expect(keyboard.translate(evdevKeycode: UInt32(KEY_LEFTCTRL), isDown: true) == nil)
    #expect(type(KEY_C, on: keyboard) == nil)
    _ = keyboard.translate(evdevKeycode: UInt32(KEY_LEFTCTRL), isDown: false)
    #expect(type(KEY_C, on: keyboard) == .text("c"))
}

@Test func releaseReportsTheKeyThePressProducedAndTracksHeldKeys() throws {
    let keyboard = try KeyboardTranslator()
    _ = keyboard.translate(evdevKeycode: UInt32(KEY_LEFTSHIFT), isDown: true)
    let down = keyboard.translate(evdevKeycode: UInt32(KEY_A), isDown: true, timestamp: 1.5)
    #expect(down == KeyEvent(key: .text("A"), isDown: true, timestamp: 1.5))
    #expect(keyboard.isDown(evdevKeycode: UInt32(KEY_A)))
    _ = keyboard.translate(evdevKeycode: UInt32(KEY_LEFTSHIFT), isDown: false)
    let up = keyboard.translate(evdevKeycode: UInt32(KEY_A), isDown: false, timestamp: 1.6)
    #expect(up == KeyEvent(key: .text("A"), isDown: false, timestamp: 1.6))
    #expect(!keyboard.isDown(evdevKeycode: UInt32(KEY_A)))
}

@Test func anUnknownLayoutIsAClearError() {
    #expect(throws: InputError.unknownKeyboardLayout(layout: "klingon", variant: "")) {
        try KeyboardTranslator(keymap: Keymap(layout: "klingon"))
    }
}
