import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// Text fields, text views and the on-screen keyboard, driven headless.
@MainActor
struct TextInputTests {
    @Test func typingThroughTheOnScreenKeyboardFillsTheField() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver(environment: Environment(locale: "es"))
        var edits = 0
        panel.field.addAction(for: .editingChanged) { _ in edits += 1 }
        try driver.tap(id: "field")
        #expect(panel.field.isFirstResponder)
        #expect(driver.keyboard.isShown)
        #expect(driver.keyboard.transform == .identity, "the keyboard has slid all the way up")
        try driver.type("Año 2")
        #expect(panel.field.text == "Año 2")
        #expect(edits == 5)
        FrameChecks.damageIsConfined(driver, to: [panel.field, driver.keyboard])
        FrameChecks.partialEqualsFull(driver)
        // Return submits and the keyboard slides away.
        var submitted = 0
        panel.field.addAction(for: .primaryAction) { _ in submitted += 1 }
        try driver.type("\n")
        #expect(submitted == 1)
        #expect(!panel.field.isFirstResponder)
        #expect(!driver.keyboard.isShown && driver.keyboard.superview == nil)
    }

    @Test func aFocusedFieldWithTheKeyboardUpIsIdle() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        try driver.tap(id: "field")
        try driver.type("ab")
        #expect(driver.keyboard.isShown)
        #expect(try driver.advance(by: 60) == 0, "a static caret: no frames while nothing changes")
    }

    @Test func backspaceRepeatsWhileHeld() throws {
        let panel = ControlPanel()
        panel.field.text = "abcdefghij"
        let driver = try panel.makeDriver()
        try driver.tap(at: Point(x: 300, y: 302))    // near the end of the text
        #expect(panel.field.isFirstResponder)
        panel.field.text = "abcdefghij"
        let backspace = try driver.keyboard.tapPoints(for: .backspace)[0]
        let finger = driver.touchDown(at: backspace)
        #expect(panel.field.text == "abcdefghi")
        // After 0.5 s it repeats every 0.1 s: at 0.5, 0.6, 0.7.
        try driver.advance(by: 0.75)
        driver.touchUp(finger, at: backspace)
        try driver.settle()
        #expect(panel.field.text == "abcdef")
    }

    @Test func hardwareKeyboardKeepsTheOnScreenKeyboardHidden() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        try driver.setHardwareKeyboard(present: true)
        try driver.tap(id: "field")
        #expect(panel.field.isFirstResponder)
        #expect(!driver.keyboard.isShown)
        try driver.type("x@y")
        #expect(panel.field.text == "x@y")
        try driver.setHardwareKeyboard(present: false)
        #expect(driver.keyboard.isShown)
    }

    @Test func failedValidationShowsARedBorderAndMessageUntilFixed() throws {
        let panel = ControlPanel()
        panel.field.validationRules = [.required, .pattern("[^@ ]+@[^@ ]+\\.[a-z]+")]
        panel.field.errorMessage = "Enter an email address"
        let driver = try panel.makeDriver()
        try driver.tap(id: "field")
        try driver.type("ana@")
        #expect(panel.field.error == nil, "no validation while typing before the first submit")
        try driver.type("\n")
        #expect(panel.field.error == "Enter an email address")
        #expect(!panel.field.errorLabel.isHidden)
        #expect(panel.field.isFirstResponder, "an invalid submit keeps editing")
        let red = Color.systemRed.resolved(for: .light)
        // The left border of the box, half-way down.
        #expect(FrameChecks.isClose(FrameChecks.pixel(driver, at: Point(x: 20, y: 302)), red, within: 0.15))
        let message = driver.frameOnScreen(of: panel.field.errorLabel)
        #expect(message.minY >= 280 + 44, "the message sits below the box")
        FrameChecks.partialEqualsFull(driver)
        try driver.type("kiosk.es")
        #expect(panel.field.error == nil)
        #expect(panel.field.errorLabel.isHidden)
        #expect(!FrameChecks.isClose(FrameChecks.pixel(driver, at: Point(x: 20, y: 302)), red, within: 0.15))
        FrameChecks.partialEqualsFull(driver)
    }

    @Test func validationRulesReportTheFirstFailure() {
        #expect(ValidationRule.required.failure(for: " ") != nil)
        #expect(ValidationRule.minLength(3).failure(for: "ab") != nil)
        #expect(ValidationRule.minLength(3).failure(for: "abc") == nil)
        #expect(ValidationRule.maxLength(3).failure(for: "abcd") != nil)
        #expect(ValidationRule.pattern("[0-9]+").failure(for: "12a") != nil)
        #expect(ValidationRule.pattern("[0-9]+").failure(for: "123") == nil)
        #expect(ValidationRule.range(1...10).failure(for: "11") != nil)
        #expect(ValidationRule.range(1...10).failure(for: "7,5") == nil)
    }

    /// A pattern `kiosk check` accepts but that backtracks without end on what is typed: each key
    /// once the field shows its error validates again, and none may hold the frame loop.
    @Test func aPatternThatBacktracksWithoutEndRejectsTheTextAtOnce() throws {
        let panel = ControlPanel()
        panel.field.validationRules = [.pattern("(a+)+b")]
        let driver = try panel.makeDriver()
        try driver.setHardwareKeyboard(present: true)
        try driver.tap(id: "field")
        try driver.type(String(repeating: "a", count: 40) + "c")
        try driver.press(key: .escape)
        #expect(panel.field.error == "Invalid format")
        try driver.tap(id: "field")
        try driver.type(String(repeating: "a", count: 20))
        #expect(panel.field.error == "Invalid format")
        try driver.press(key: .escape)
        panel.field.text = String(repeating: "a", count: 5) + "b"
        #expect(panel.field.validate())
        #expect(panel.field.error == nil)
    }

    @Test func validationRunsWhenEditingEnds() throws {
        let panel = ControlPanel()
        panel.field.validationRules = [.minLength(4)]
        let driver = try panel.makeDriver()
        try driver.setHardwareKeyboard(present: true)
        try driver.tap(id: "field")
        try driver.type("abc")
        try driver.press(key: .escape)
        #expect(!panel.field.isFirstResponder)
        #expect(panel.field.error == "At least 4 characters")
    }

    @Test func tapInATextViewPlacesTheCaretBetweenTheRightCharacters() throws {
        let panel = ControlPanel()
        panel.notes.text = "Hello world, this wraps onto a second line"
        let driver = try panel.makeDriver()
        try driver.setHardwareKeyboard(present: true)
        let layout = panel.notes.preparedLayout()
        let origin = driver.frameOnScreen(of: panel.notes).origin
        let inset = panel.notes.inset
        // Just right of the boundary between "Hello" and " world".
        let boundary = layout.caretRect(atCharacter: 5)
        try driver.tap(at: Point(x: origin.x + inset + boundary.minX + 1, y: origin.y + inset + boundary.midY))
        #expect(panel.notes.isFirstResponder)
        #expect(panel.notes.caretIndex == 5)
        try driver.type("!")
        #expect(panel.notes.text.hasPrefix("Hello! world"))
        try driver.press(key: .backspace)
        #expect(panel.notes.text.hasPrefix("Hello world"))
        // A tap on the second line lands after the first line's characters.
        #expect(layout.lineCount >= 2)
        let second = panel.notes.preparedLayout().caretRect(atCharacter: panel.notes.text.count)
        try driver.tap(at: Point(x: origin.x + inset + second.minX + 3, y: origin.y + inset + second.midY))
        #expect(panel.notes.caretIndex == panel.notes.text.count)
        FrameChecks.damageIsConfined(driver, to: [panel.notes])
        FrameChecks.partialEqualsFull(driver)
    }

    @Test func textViewScrollsToKeepTheCaretInView() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        try driver.setHardwareKeyboard(present: true)
        try driver.tap(id: "notes")
        for _ in 0..<8 { try driver.press(key: .returnKey) }
        try driver.type("end")
        #expect(panel.notes.scrollOffset > 0)
        let caret = panel.notes.preparedLayout().caretRect(atCharacter: panel.notes.caretIndex)
        #expect(caret.maxY - panel.notes.scrollOffset <= panel.notes.bounds.height - panel.notes.inset * 2 + 0.5)
    }

    /// A text view lower than twice its inset has no room for text: none is painted, inside or
    /// outside it. (Its text area came out with a negative height, which cairo clipped to as the
    /// rows above the area: text showed above the view, where no damage reaches.)
    @Test(arguments: [6.0, 16, 0])
    func aTextViewWithNoRoomForTextPaintsNone(height: Double) throws {
        func render(text: String) throws -> Surface {
            let root = View()
            root.backgroundColor = .white
            let notes = TextView(text: text)
            notes.clipsToBounds = false
            notes.frame = Rect(x: 20, y: 40, width: 200, height: height)
            // Scrolled, as typing a second line scrolls it: the text moves up towards the view's top.
            notes.scrollOffset = 6
            root.addSubview(notes)
            let display = HeadlessDisplay(size: Size(width: 240, height: 100), rootView: root)
            try display.renderUntilIdle()
            return try #require(display.output.frontSurface).copy()
        }
        let difference = try render(text: "ba\nbb").difference(from: try render(text: ""))
        #expect(difference.isEmpty, "\(difference.differingPixels) pixels in \(difference.differingBounds)")
    }
}

@MainActor
struct UnderlinedFieldAndDirectionTests {
    @Test func underlinedFieldIs35HighAndTurnsItsUnderlineRedWhenInvalid() throws {
        let root = View()
        root.backgroundColor = .systemBackground
        let field = UnderlinedTextField(placeholder: "Name")
        field.id = "name"
        field.validationRules = [.required]
        #expect(field.measure(ProposedSize(width: 200, height: nil)).height == 35)
        field.frame = Rect(x: 20, y: 20, width: 200, height: 35)
        root.addSubview(field)
        let driver = HeadlessDriver(size: Size(width: 400, height: 500), rootView: root)
        try driver.settle()
        try driver.tap(id: "name")
        try driver.type("\n")
        #expect(field.error == "Required")
        let red = Color.systemRed.resolved(for: .light)
        #expect(FrameChecks.isClose(FrameChecks.pixel(driver, at: Point(x: 100, y: 54)), red, within: 0.15))
        try driver.type("Eva")
        #expect(field.error == nil)
        #expect(field.text == "Eva")
        FrameChecks.partialEqualsFull(driver)
    }

    @Test func slidersRunRightToLeftInRightToLeftLayouts() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver(environment: Environment(layoutDirection: .rightToLeft))
        let y = try driver.center(of: "marked").y
        // The thumb of value 3 sits near the right end; dragging left increases the value.
        let from = 20 + panel.marked.position(for: 3)
        #expect(from > 160)
        try driver.drag(from: Point(x: from, y: y), to: Point(x: 20 + panel.marked.position(for: 8), y: y), duration: 0.2)
        #expect(panel.marked.value == 8)
        try driver.tap(at: Point(x: 20 + 14 + 272, y: try driver.center(of: "slider").y))
        #expect(panel.slider.value == 0, "the right end is the minimum right to left")
    }
}

@MainActor
struct KeyboardAvoidanceTests {
    @Test func contentSlidesUpSoTheFocusedFieldStaysAboveTheKeyboard() throws {
        let root = View()
        root.backgroundColor = .systemBackground
        let top = TextField(placeholder: "Top")
        top.id = "top"
        top.frame = Rect(x: 20, y: 20, width: 300, height: 44)
        let low = TextField(placeholder: "Low")
        low.id = "low"
        low.frame = Rect(x: 20, y: 500, width: 300, height: 44)
        root.addSubview(top)
        root.addSubview(low)
        let driver = HeadlessDriver(size: Size(width: 480, height: 600), rootView: root)
        try driver.settle()
        var mismatched = 0
        driver.afterEachFrame = {
            guard let front = driver.display.output.frontSurface else { return }
            mismatched += front.difference(from: driver.compositor.renderFullFrame()).differingPixels
        }
        try driver.tap(id: "low")
        let keyboardTop = 600 - driver.keyboard.height
        #expect(driver.frameOnScreen(of: low).maxY == keyboardTop - driver.keyboard.inputClearance)
        try driver.type("ok")
        #expect(low.text == "ok")
        try driver.type("\n")
        #expect(root.transform == .identity)
        #expect(driver.frameOnScreen(of: low).minY == 500)
        try driver.tap(id: "top")
        #expect(root.transform == .identity, "a field above the keyboard moves nothing")
        #expect(mismatched == 0)
    }
}
