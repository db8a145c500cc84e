import Testing
@testable import KioskConfig

/// `kiosk calibrate --write` edits lines; everything the author wrote around them must survive.
struct CalibrationEditTests {
    let matrix = [1.176471, 0, -0.105882, 0, 1.111111, -0.033333]
    let line = "[1.176471, 0, -0.105882, 0, 1.111111, -0.033333]"

    let panels = """
        panels:
          # the only panel
          home:
            root: {type: label, text: Hi}   # greeting
        """

    func edit(_ text: String) throws -> String {
        try CalibrationEdit.setting(matrix, in: text, file: "kiosk.yaml")
    }

    @Test func anExistingCalibrationIsReplacedInItsLineKeepingItsComment() throws {
        let text = """
            # Kitchen panel
            input:
              seat: seat0        # the only seat
              calibration: [1, 0, 0, 0, 1, 0]   # measured 2025
              keyboard_layout: de
            \(panels)

            """
        let expected = text.replacingOccurrences(of: "[1, 0, 0, 0, 1, 0]", with: line)
        #expect(try edit(text) == expected)
    }

    @Test func aCalibrationWrittenAsABlockListBecomesOneLine() throws {
        let text = """
            input:
              calibration:
                - 1
                - 0
                # the offset
                - 0
                - 0
                - 1
                - 0

              # which keyboard
              keyboard_layout: de
            \(panels)

            """
        let expected = """
            input:
              calibration: \(line)

              # which keyboard
              keyboard_layout: de
            \(panels)

            """
        #expect(try edit(text) == expected)
    }

    @Test func anInputSectionWithoutOneGainsItAsItsFirstEntry() throws {
        let text = "display:\n    rotation: 90\ninput:\n    seat: seat1\n\(panels)\n"
        #expect(try edit(text) == "display:\n    rotation: 90\ninput:\n    calibration: \(line)\n    seat: seat1\n\(panels)\n")
    }

    @Test func anEmptyInputSectionGetsTheEntryBelowIt() throws {
        let text = "input:   # to be calibrated\n\(panels)\n"
        #expect(try edit(text) == "input:   # to be calibrated\n  calibration: \(line)\n\(panels)\n")
    }

    @Test func aConfigWithoutInputGainsTheSectionAtItsEnd() throws {
        let text = "display:\n    rotation: 90\n\(panels)\n\n"
        #expect(try edit(text) == "display:\n    rotation: 90\n\(panels)\n\ninput:\n    calibration: \(line)\n")
        // No final newline: the section still starts on a line of its own.
        #expect(try edit(panels).hasSuffix("# greeting\n\ninput:\n  calibration: \(line)\n"))
    }

    @Test func theEditedConfigLoadsWithTheNewMatrix() throws {
        let edited = try edit("input:\n  calibration: [0, 1, 0, 1, 0, 0]\n\(panels)\n")
        let config = try ConfigLoader().load(text: edited).get()
        #expect(config.input.calibration == matrix)
    }

    @Test func whatCannotBeEditedLineByLineIsRefused() {
        #expect(throws: CalibrationEdit.Refusal.self) { try edit("input: {seat: seat0}\n\(panels)\n") }
        #expect(throws: CalibrationEdit.Refusal.self) { try edit("- not a mapping\n") }
        #expect(throws: CalibrationEdit.Refusal.self) { try edit("panels: [unclosed\n") }
        #expect(throws: CalibrationEdit.Refusal.self) {
            try CalibrationEdit.setting([1, 0, .nan, 0, 1, 0], in: "input:\n\(panels)\n", file: "kiosk.yaml")
        }
    }

    @Test func numbersAreWrittenShortAndExact() {
        #expect(CalibrationEdit.flowList([1, 0, -0.0, 0.5, 1.0000004, -0.1234567]) == "[1, 0, 0, 0.5, 1, -0.123457]")
    }
}
