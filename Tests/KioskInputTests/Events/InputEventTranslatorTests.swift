import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskInput

@MainActor
private func makeTranslator(rotation: Rotation = .none, keymap: Keymap = Keymap()) throws -> InputEventTranslator {
    InputEventTranslator(mapper: CoordinateMapper(displayWidth: 1000, displayHeight: 500, rotation: rotation),
                         keymap: keymap)
}

private let touchscreen = InputDeviceInfo(id: 1, name: "panel", systemName: "event3", capabilities: [.touch],
                                          isTextKeyboard: false)
private let keyboard = InputDeviceInfo(id: 2, name: "kbd", systemName: "event4", capabilities: [.keyboard],
                                       isTextKeyboard: true)
private let powerButton = InputDeviceInfo(id: 3, name: "Power Button", systemName: "event0",
                                          capabilities: [.keyboard], isTextKeyboard: false)

private func sample(_ event: InputEvent) -> TouchSample? {
    if case .touch(let sample) = event { sample } else { nil }
}

@Test func twoFingersKeepDistinctIdsAndMapToUIPoints() throws {
    let translator = try makeTranslator()
    _ = translator.translate(.deviceAdded(touchscreen))
    let first = translator.translate(.touchDown(device: 1, slot: 0, position: Point(x: 0.1, y: 0.2), time: 1))
    let second = translator.translate(.touchDown(device: 1, slot: 1, position: Point(x: 0.5, y: 0.5), time: 1))
    let moved = translator.translate(.touchMotion(device: 1, slot: 1, position: Point(x: 0.6, y: 0.5), time: 2))
    let lifted = translator.translate(.touchUp(device: 1, slot: 0, time: 3))
    #expect(first.compactMap(sample) == [TouchSample(id: 0, phase: .began, location: Point(x: 100, y: 100), timestamp: 1)])
    #expect(second.compactMap(sample) == [TouchSample(id: 1, phase: .began, location: Point(x: 500, y: 250), timestamp: 1)])
    #expect(moved.compactMap(sample) == [TouchSample(id: 1, phase: .moved, location: Point(x: 600, y: 250), timestamp: 2)])
    // The end is reported where the finger last was.
    #expect(lifted.compactMap(sample) == [TouchSample(id: 0, phase: .ended, location: Point(x: 100, y: 100), timestamp: 3)])
}

@Test func unpluggingATouchscreenCancelsItsFingers() throws {
    let translator = try makeTranslator()
    _ = translator.translate(.deviceAdded(touchscreen))
    _ = translator.translate(.touchDown(device: 1, slot: 4, position: Point(x: 0.5, y: 0.5), time: 7))
    let removed = translator.translate(.deviceRemoved(id: 1))
    #expect(removed.compactMap(sample) == [TouchSample(id: 4, phase: .cancelled, location: Point(x: 500, y: 250), timestamp: 7)])
    #expect(translator.translate(.touchUp(device: 1, slot: 4, time: 8)).isEmpty)
}

@Test func thePointerActsAsOneFingerOnlyWhileTheButtonIsDown() throws {
    let translator = try makeTranslator()
    #expect(translator.translate(.pointerAbsolute(position: Point(x: 0.5, y: 0.5), time: 1)).isEmpty)
    let down = translator.translate(.pointerButton(isPrimary: true, isDown: true, time: 2))
    let drag = translator.translate(.pointerMotion(dx: 10, dy: -5, time: 3))
    let up = translator.translate(.pointerButton(isPrimary: true, isDown: false, time: 4))
    let id = TouchSample.pointerID
    #expect(down.compactMap(sample) == [TouchSample(id: id, phase: .began, location: Point(x: 500, y: 250), timestamp: 2)])
    #expect(drag.compactMap(sample) == [TouchSample(id: id, phase: .moved, location: Point(x: 510, y: 245), timestamp: 3)])
    #expect(up.compactMap(sample) == [TouchSample(id: id, phase: .ended, location: Point(x: 510, y: 245), timestamp: 4)])
    #expect(translator.translate(.pointerButton(isPrimary: false, isDown: true, time: 5)).isEmpty)
}

@Test func relativeMotionStaysOnTheScreen() throws {
    let translator = try makeTranslator(rotation: .clockwise90)
    _ = translator.translate(.pointerMotion(dx: -5000, dy: 9000, time: 1))
    // The UI is 500×1000 when rotated; motion follows the UI's axes and stops at its edges.
    #expect(translator.pointerLocation == Point(x: 0, y: 999))
}

@Test func keyboardPresenceIsReportedOnlyWhenTheCountCrossesZero() throws {
    let translator = try makeTranslator()
    #expect(translator.translate(.deviceAdded(powerButton)).isEmpty)
    #expect(translator.translate(.deviceAdded(keyboard)) == [.hardwareKeyboardPresent(true)])
    var second = keyboard
    second.id = 9
    #expect(translator.translate(.deviceAdded(second)).isEmpty)
    #expect(translator.translate(.deviceRemoved(id: 2)).isEmpty)
    #expect(translator.translate(.deviceRemoved(id: 9)) == [.hardwareKeyboardPresent(false)])
}

@Test @MainActor func aModifierAloneMakesNoEventButCountsAsActivity() throws {
    let translator = try makeTranslator()
    let shift = RawInput.key(code: 42, isDown: true, time: 0)     // KEY_LEFTSHIFT
    #expect(translator.translate(shift).isEmpty)
    #expect(shift.isUserActivity)
    #expect(RawInput.touchDown(device: 1, slot: 0, position: Point(x: 1, y: 1), time: 0).isUserActivity)
    #expect(!RawInput.deviceRemoved(id: 1).isUserActivity)
}

@Test func theKeymapIsCompiledWithTheFirstKeyNotBefore() throws {
    let translator = try makeTranslator(keymap: Keymap(layout: "es"))
    _ = translator.translate(.deviceAdded(keyboard))
    _ = translator.translate(.touchDown(device: 1, slot: 0, position: Point(x: 0.5, y: 0.5), time: 1))
    #expect(translator.keyboard == nil)
    // KEY_SEMICOLON is ñ on the Spanish layout.
    let down = translator.translate(.key(code: 39, isDown: true, time: 2))
    #expect(down == [.key(KeyEvent(key: .text("ñ"), isDown: true, timestamp: 2))])
    #expect(translator.keyboard?.keymap == Keymap(layout: "es"))
    #expect(translator.takeKeymapProblem() == nil)
}

@Test func withoutAnyKeymapKeysAreIgnoredAndBothFailuresAreReported() {
    // As on a board without xkb-data: no layout compiles, not even the default.
    var compiled: [Keymap] = []
    let translator = InputEventTranslator(mapper: CoordinateMapper(displayWidth: 1000, displayHeight: 500, rotation: .none),
                                          keymap: Keymap(layout: "de")) { keymap throws(InputError) in
        compiled.append(keymap)
        throw .unknownKeyboardLayout(layout: keymap.layout, variant: keymap.variant)
    }
    _ = translator.translate(.deviceAdded(keyboard))
    #expect(translator.translate(.key(code: 39, isDown: true, time: 1)).isEmpty)
    #expect(translator.takeKeymapProblem()
            == "\(InputError.unknownKeyboardLayout(layout: "de", variant: "")) The US layout could not be compiled either: "
               + "\(InputError.unknownKeyboardLayout(layout: "us", variant: "")) Keys are ignored.")
    #expect(translator.translate(.key(code: 39, isDown: false, time: 2)).isEmpty)
    #expect(translator.takeKeymapProblem() == nil)
    // Tried once each, not at every key.
    #expect(compiled == [Keymap(layout: "de"), Keymap()])
}

@Test func anUnknownLayoutIsReportedOnceAndKeysAreReadWithTheDefaultOne() throws {
    let translator = try makeTranslator(keymap: Keymap(layout: "klingon"))
    // KEY_SEMICOLON is ; on the US layout.
    #expect(translator.translate(.key(code: 39, isDown: true, time: 1)) == [.key(KeyEvent(key: .text(";"), isDown: true, timestamp: 1))])
    #expect(translator.takeKeymapProblem()
            == "\(InputError.unknownKeyboardLayout(layout: "klingon", variant: "")) Keys are read with the US layout.")
    #expect(translator.takeKeymapProblem() == nil)
    #expect(translator.translate(.key(code: 39, isDown: false, time: 2)) == [.key(KeyEvent(key: .text(";"), isDown: false, timestamp: 2))])
    #expect(translator.takeKeymapProblem() == nil)
}
