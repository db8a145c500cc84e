import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// Each control operated through the headless driver, with what it must show afterwards.
@MainActor
struct ControlInteractionTests {
    @Test func tappableCardIsHalfwayThroughItsPressAnimationAfterHalfItsDuration() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        let finger = driver.touchDown(at: try driver.center(of: "card"))
        try driver.advance(by: TappableCard.pressDuration / 2)
        // easeInOut is symmetric: half the time is half the way.
        #expect(abs(panel.card.alpha - 0.85) < 0.01)
        #expect(abs(panel.card.transform.a - 0.975) < 0.002)
        FrameChecks.damageIsConfined(driver, to: [panel.card])
        FrameChecks.partialEqualsFull(driver)
        try driver.advance(by: 0.1)
        #expect(panel.card.alpha == TappableCard.pressedAlpha)
        #expect(panel.card.transform == AffineTransform(scale: TappableCard.pressedScale))
        driver.touchUp(finger, at: try driver.center(of: "card"))
        try driver.settle()
        #expect(panel.card.alpha == 1)
        #expect(panel.card.transform == .identity)
        #expect(panel.cardTaps == 1)
        FrameChecks.damageIsConfined(driver, to: [panel.card])
        FrameChecks.partialEqualsFull(driver)
    }

    @Test func tappableCardRestoresWhenTheTouchIsCancelled() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        let point = try driver.center(of: "card")
        let finger = driver.touchDown(at: point)
        try driver.advance(by: 0.2)
        #expect(panel.card.alpha == TappableCard.pressedAlpha)
        driver.touchCancel(finger, at: point)
        try driver.advance(by: 0.05)
        #expect(panel.card.alpha > TappableCard.pressedAlpha && panel.card.alpha < 1)
        try driver.settle()
        #expect(panel.card.alpha == 1 && panel.card.transform == .identity)
        #expect(panel.cardTaps == 0)
    }

    @Test func tappableCardFiresOnlyWhenReleasedInside() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        var outside = 0
        panel.card.addAction(for: .touchUpOutside) { _ in outside += 1 }
        try driver.drag(from: try driver.center(of: "card"), to: Point(x: 700, y: 500), duration: 0.2)
        try driver.settle()
        #expect(panel.cardTaps == 0)
        #expect(outside == 1)
        #expect(panel.card.alpha == 1)
        // Wandering out and back in still counts as inside; the highlight follows the finger.
        let center = try driver.center(of: "card")
        let finger = driver.touchDown(at: center)
        try driver.advance(by: 0.05)
        driver.touchMove(finger, to: Point(x: 170, y: 200))
        try driver.advance(by: 0.05)
        #expect(!panel.card.isHighlighted)
        driver.touchMove(finger, to: Point(x: 170, y: 150))
        #expect(panel.card.isHighlighted, "within the touch slop of the card")
        driver.touchMove(finger, to: center)
        driver.touchUp(finger, at: center)
        try driver.settle()
        #expect(panel.cardTaps == 1)
    }

    @Test func markedSliderDragSnapsToStepsAndColoursPassedTicks() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        var changes: [Double] = []
        panel.marked.addAction(for: .valueChanged) { control in changes.append((control as! MarkedSlider).value) }
        let y = try driver.center(of: "marked").y
        let from = 20 + panel.marked.position(for: 3)
        let to = 20 + panel.marked.position(for: 6.3)
        try driver.drag(from: Point(x: from, y: y), to: Point(x: to, y: y), duration: 0.3)
        try driver.settle()
        #expect(panel.marked.value == 6)
        #expect(changes == [4, 5, 6])
        let active = Color.systemBlue.resolved(for: .light)
        // Above the track, inside the 12-high tick: tick 5 passed, tick 8 not.
        let tickY = y - 5
        #expect(FrameChecks.isClose(FrameChecks.pixel(driver, at: Point(x: (20 + panel.marked.position(for: 5)).rounded(.down), y: tickY)), active))
        #expect(!FrameChecks.isClose(FrameChecks.pixel(driver, at: Point(x: (20 + panel.marked.position(for: 8)).rounded(.down), y: tickY)), active))
        FrameChecks.damageIsConfined(driver, to: [panel.marked])
        FrameChecks.partialEqualsFull(driver)
    }

    @Test func accessibilityIncrementMovesTheMarkedSliderByOneStep() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        let element = try #require(driver.screen.accessibilityElement(labelled: "Level"))
        #expect(element.accessibilityTraits.contains(.adjustable))
        element.accessibilityIncrement()
        #expect(panel.marked.value == 4)
        #expect(element.accessibilityValue == "4")
        element.accessibilityDecrement()
        element.accessibilityDecrement()
        #expect(panel.marked.value == 2)
        try driver.settle()
        FrameChecks.damageIsConfined(driver, to: [panel.marked])
    }

    @Test func sliderDrivesTheProgressRingThroughValueChanged() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        let y = try driver.center(of: "slider").y
        // The thumb travels between 14 and 286 inside the slider (which starts at x = 20).
        try driver.drag(from: Point(x: 20 + 14 + 272 * 0.25, y: y), to: Point(x: 20 + 14 + 272 * 0.75, y: y), duration: 0.25)
        try driver.settle()
        #expect(abs(panel.slider.value - 0.75) < 0.01)
        #expect(panel.ring.value == panel.slider.value)
        FrameChecks.damageIsConfined(driver, to: [panel.slider, panel.ring])
        FrameChecks.partialEqualsFull(driver)
        // A tap on the track jumps there.
        try driver.tap(at: Point(x: 20 + 14, y: y))
        #expect(panel.slider.value == 0)
        #expect(panel.ring.value == 0)
    }

    @Test func switchKnobSlidesWhenTapped() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        var flips = 0
        panel.toggle.addAction(for: .valueChanged) { _ in flips += 1 }
        let point = try driver.center(of: "switch")
        let finger = driver.touchDown(at: point)
        try driver.advance(by: 0.05)
        driver.touchUp(finger, at: point)
        try driver.advance(by: 0.1)
        #expect(panel.toggle.isOn)
        #expect(panel.toggle.knobPosition > 0 && panel.toggle.knobPosition < 1)
        try driver.settle()
        #expect(panel.toggle.knobPosition == 1)
        #expect(flips == 1)
        FrameChecks.damageIsConfined(driver, to: [panel.toggle])
        FrameChecks.partialEqualsFull(driver)
    }

    @Test func avatarDelegateReceivesTheUserID() throws {
        final class Receiver: AvatarViewDelegate {
            var received: [String] = []
            func avatarView(_ avatar: AvatarView, didSelectUser userID: String) { received.append(userID) }
        }
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        var receiver: Receiver? = Receiver()
        panel.avatar.delegate = receiver
        try driver.tap(id: "avatar")
        #expect(receiver?.received == ["u-42"])
        weak let weakReceiver = receiver
        receiver = nil
        #expect(weakReceiver == nil, "the avatar must hold its delegate weakly")
        #expect(panel.avatar.delegate == nil)
    }

    @Test func buttonFiresOnTouchUpInsideOnly() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        try driver.tap(id: "save")
        #expect(panel.saveTaps == 1)
        try driver.drag(from: try driver.center(of: "save"), to: Point(x: 700, y: 560), duration: 0.2)
        #expect(panel.saveTaps == 1)
    }

    @Test func idleScreenProducesNoFramesForAMinute() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        try driver.tap(id: "card")
        try driver.tap(id: "switch")
        let frames = try driver.advance(by: 60)
        #expect(frames == 0)
        #expect(!driver.compositor.needsFrame)
        #expect(driver.screen.nextWakeUpTime == nil)
    }

    @Test func longPressRecognizerFiresAfterItsDurationOnTheScreenClock() throws {
        let panel = ControlPanel()
        var began = 0
        panel.ring.addGestureRecognizer(LongPressGestureRecognizer(minimumDuration: 0.5) { recognizer in
            if recognizer.state == .began { began += 1 }
        })
        let driver = try panel.makeDriver()
        try driver.tap(id: "ring")
        #expect(began == 0)
        try driver.longPress(id: "ring", duration: 0.6)
        #expect(began == 1)
    }

    @Test func accessibilityTreeListsEveryControlWithLabelValueAndTraits() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        let tree = driver.accessibilityTree()
        let expected = [
            "button \"Tap me, Press and release\" id=card",
            "adjustable \"Level\" value=\"3\" id=marked",
            "adjustable \"Volume\" value=\"25%\" hint=\"Sets the ring\" id=slider",
            "element \"Progress\" id=ring",
            "button \"Wi-Fi\" value=\"off\" id=switch",
            "button,image \"ana\" id=avatar",
            "text_field \"Email\" value=\"\" id=field",
            "text_field \"Notes\" value=\"Hello world\" id=notes",
            "button \"Save\" id=save",
        ]
        for line in expected {
            #expect(tree.contains(line), "missing \(line) in:\n\(tree)")
        }
        #expect(driver.screen.accessibilityElement(labelled: "Save") === panel.save)
    }
}

/// Properties a component does not animate itself (the ring's value) animate through key paths.
@MainActor
struct KeyPathAnimationTests {
    @Test func progressRingValueAnimatesThroughTheAnimator() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        driver.screen.animator.animate(panel.ring, \.value, to: 0.75, duration: 0.5, curve: .linear)
        try driver.advance(by: 0.25)
        #expect(abs(panel.ring.value - 0.5) < 0.01)
        FrameChecks.damageIsConfined(driver, to: [panel.ring])
        let frames = try driver.settle()
        #expect(frames > 0)
        #expect(panel.ring.value == 0.75)
        #expect(try driver.advance(by: 1) == 0)
    }

    @Test func sliderCommitsWhenReleasedAnywhere() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        var commits = 0
        panel.slider.addAction(for: .primaryAction) { _ in commits += 1 }
        let y = try driver.center(of: "slider").y
        try driver.drag(from: Point(x: 100, y: y), to: Point(x: 200, y: y), duration: 0.1)
        try driver.drag(from: Point(x: 200, y: y), to: Point(x: 250, y: y + 150), duration: 0.1)
        #expect(commits == 2)
    }
}
