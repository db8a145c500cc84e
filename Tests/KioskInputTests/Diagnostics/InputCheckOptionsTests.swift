import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskInput

@Test func theCheckToolReadsEveryOption() throws {
    let options = try InputCheckOptions(arguments: [
        "--seat", "seat1", "--layout", "de:nodeadkeys", "--size", "800x480", "--rotation", "270",
        "--calibration", "0 1 0 -1 0 1", "--seconds", "2.5",
    ])
    #expect(options.configuration.seat == "seat1")
    #expect(options.configuration.keymap == Keymap(layout: "de", variant: "nodeadkeys"))
    #expect(options.configuration.mapper == CoordinateMapper(
        displayWidth: 800, displayHeight: 480, calibration: CalibrationMatrix(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1),
        rotation: .clockwise270))
    #expect(options.seconds == 2.5)
}

@Test func theCheckToolExplainsABadOption() {
    #expect(throws: InputCheckUsageError("--rotation wants 0, 90, 180 or 270, not '45'")) {
        try InputCheckOptions(arguments: ["--rotation", "45"])
    }
    #expect(throws: InputCheckUsageError("--calibration wants six numbers \"a b c d e f\", not '1 2'")) {
        try InputCheckOptions(arguments: ["--calibration", "1 2"])
    }
    #expect(throws: InputCheckUsageError("--seconds needs a value")) {
        try InputCheckOptions(arguments: ["--seconds"])
    }
}

@Test func eventsPrintAsGreppableLines() {
    let touch = InputEvent.touch(TouchSample(id: 1, phase: .began, location: Point(x: 50, y: 1180.256), timestamp: 3.5))
    #expect(InputEventFormatter.line(for: touch) == "3.500000 touch began id=1 x=50.00 y=1180.26")
    let pointer = InputEvent.touch(TouchSample(id: TouchSample.pointerID, phase: .ended, location: Point(x: 0.5, y: 2),
                                               timestamp: 0.000001))
    #expect(InputEventFormatter.line(for: pointer) == "0.000001 touch ended id=pointer x=0.50 y=2.00")
    #expect(InputEventFormatter.line(for: .key(KeyEvent(key: .text("ñ"), isDown: false, timestamp: 2)))
        == "2.000000 key up text \"ñ\"")
    #expect(InputEventFormatter.line(for: .hardwareKeyboardPresent(false)) == "hardware keyboard absent")
}
