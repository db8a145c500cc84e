import KioskGraphics
import KioskPlatform
import KioskUI
import Testing

/// Records the touch calls it receives.
private final class RecordingView: View {
    var log: [String] = []
    override func touchesBegan(_ touches: [Touch]) { log.append("began \(touches.map(\.id))") }
    override func touchesMoved(_ touches: [Touch]) { log.append("moved") }
    override func touchesEnded(_ touches: [Touch]) { log.append("ended \(touches.map(\.id))") }
    override func touchesCancelled(_ touches: [Touch]) { log.append("cancelled \(touches.map(\.id))") }
}

private final class KeyTaker: View {
    var keys: [Key] = []
    override var canBecomeFirstResponder: Bool { true }
    override func keyPressed(_ event: KeyEvent) -> Bool { keys.append(event.key); return true }
}

@MainActor
struct EventDeliveryTests {
    private func touch(_ screen: Screen, _ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double, at time: Double = 0) {
        screen.dispatch(.touch(TouchSample(id: id, phase: phase, location: Point(x: x, y: y), timestamp: time)))
    }

    @Test func touchesGoToTheViewHitAtBeganAndUpItsSuperviewChain() {
        let parent = RecordingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let child = View(frame: Rect(x: 50, y: 50, width: 50, height: 50))
        parent.addSubview(child)
        let root = View()
        root.addSubview(parent)
        let screen = Screen(size: Size(width: 300, height: 300), rootView: root)
        screen.layoutIfNeeded()
        touch(screen, 1, .began, 60, 60)
        touch(screen, 1, .moved, 250, 250)        // outside: still the same view
        touch(screen, 1, .ended, 250, 250)
        #expect(parent.log == ["began [1]", "moved", "ended [1]"])
    }

    @Test func severalFingersAreTrackedAtOnceOnDifferentControls() {
        let root = View()
        let left = Control(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let right = Control(frame: Rect(x: 150, y: 0, width: 100, height: 100))
        root.addSubview(left)
        root.addSubview(right)
        var fired: [String] = []
        left.addAction(for: .touchUpInside) { _ in fired.append("left") }
        right.addAction(for: .touchUpInside) { _ in fired.append("right") }
        let screen = Screen(size: Size(width: 300, height: 200), rootView: root)
        screen.layoutIfNeeded()
        touch(screen, 1, .began, 50, 50)
        touch(screen, 2, .began, 200, 50)
        #expect(left.isHighlighted && right.isHighlighted)
        touch(screen, 2, .ended, 200, 50)
        touch(screen, 1, .ended, 50, 50)
        #expect(fired == ["right", "left"])
        #expect(screen.input.activeTouches.isEmpty)
    }

    @Test func aRecognizerThatBeginsCancelsTheTouchesOfTheViewsBelow() {
        let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let child = RecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        container.addSubview(child)
        var panStates: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { panStates.append($0.state) }
        container.addGestureRecognizer(pan)
        let screen = Screen(size: Size(width: 300, height: 300), rootView: container)
        screen.layoutIfNeeded()
        touch(screen, 1, .began, 50, 50)
        touch(screen, 1, .moved, 55, 50)          // within the slop: the child hears it
        touch(screen, 1, .moved, 80, 50)          // past it: the pan takes the touch
        touch(screen, 1, .moved, 90, 50)
        touch(screen, 1, .ended, 90, 50)
        #expect(child.log == ["began [1]", "moved", "cancelled [1]"])
        #expect(panStates == [.began, .changed, .ended])
        #expect(pan.state == .possible, "reset for the next gesture")
    }

    @Test func doubleTapNeedsBothTapsWithinTheInterval() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var recognized = 0
        view.addGestureRecognizer(TapGestureRecognizer(taps: 2) { _ in recognized += 1 })
        let screen = Screen(size: Size(width: 100, height: 100), rootView: view)
        screen.layoutIfNeeded()
        for (id, time) in [(1, 0.0), (2, 0.2)] {
            touch(screen, id, .began, 50, 50, at: time)
            touch(screen, id, .ended, 50, 50, at: time + 0.05)
        }
        #expect(recognized == 1)
        for (id, time) in [(3, 1.0), (4, 1.6)] {
            touch(screen, id, .began, 50, 50, at: time)
            touch(screen, id, .ended, 50, 50, at: time + 0.05)
        }
        #expect(recognized == 1, "the second tap came too late")
    }

    @Test func longPressFiresWhenTheScreenClockPassesItsDuration() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var states: [GestureRecognizer.State] = []
        view.addGestureRecognizer(LongPressGestureRecognizer(minimumDuration: 0.5) { states.append($0.state) })
        let screen = Screen(size: Size(width: 100, height: 100), rootView: view)
        screen.layoutIfNeeded()
        touch(screen, 1, .began, 50, 50, at: 10)
        #expect(screen.nextWakeUpTime == 10.5)
        screen.currentTime = 10.4
        #expect(states.isEmpty)
        screen.currentTime = 10.5
        #expect(states == [.began])
        touch(screen, 1, .ended, 50, 50, at: 11)
        #expect(states == [.began, .ended])
        #expect(screen.nextWakeUpTime == nil)
    }

    @Test func swipeNeedsDistanceDirectionAndSpeed() {
        let view = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        var swipes = 0
        view.addGestureRecognizer(SwipeGestureRecognizer(direction: .left) { _ in swipes += 1 })
        let screen = Screen(size: Size(width: 300, height: 100), rootView: view)
        screen.layoutIfNeeded()
        touch(screen, 1, .began, 250, 50, at: 0)
        touch(screen, 1, .moved, 150, 55, at: 0.1)
        touch(screen, 1, .ended, 100, 55, at: 0.2)
        #expect(swipes == 1)
        touch(screen, 2, .began, 100, 50, at: 1)
        touch(screen, 2, .ended, 250, 50, at: 1.2)   // the wrong way
        #expect(swipes == 1)
    }

    @Test func keysGoToTheFocusedViewAndFocusFollowsTheTree() {
        let root = View()
        let taker = KeyTaker(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(taker)
        let screen = Screen(size: Size(width: 100, height: 100), rootView: root)
        var focusChanges: [Bool] = []
        screen.input.addFocusObserver { focusChanges.append($0 != nil) }
        screen.dispatch(.key(KeyEvent(key: .text("a"))))
        #expect(taker.keys.isEmpty)
        #expect(taker.becomeFirstResponder())
        #expect(screen.focusedView === taker)
        screen.dispatch(.key(KeyEvent(key: .text("a"))))
        screen.dispatch(.key(KeyEvent(key: .text("b"), isDown: false)))
        #expect(taker.keys == [.text("a")])
        #expect(!root.becomeFirstResponder(), "a plain view takes no focus")
        taker.removeFromSuperview()
        #expect(screen.focusedView == nil)
        #expect(focusChanges == [true, false])
    }

    @Test func removedActionsNoLongerRun() {
        let control = Control(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        var count = 0
        let token = control.addAction(for: [.touchUpInside, .valueChanged]) { _ in count += 1 }
        control.sendActions(for: .valueChanged)
        control.removeAction(token)
        control.sendActions(for: .valueChanged)
        #expect(count == 1)
    }

    @Test func disabledControlsIgnoreTouches() {
        let control = Control(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        control.isEnabled = false
        var downs = 0
        control.addAction(for: .touchDown) { _ in downs += 1 }
        let screen = Screen(size: Size(width: 50, height: 50), rootView: control)
        screen.layoutIfNeeded()
        touch(screen, 1, .began, 10, 10)
        #expect(downs == 0)
        #expect(control.state.contains(.disabled))
        #expect(control.accessibilityTraits.contains(.notEnabled))
    }
}

@MainActor
struct PointerTests {
    @Test func thePointerActsAsOneFingerAndHoveringIsIgnored() {
        let control = Control(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var taps = 0
        control.addAction(for: .touchUpInside) { _ in taps += 1 }
        let screen = Screen(size: Size(width: 100, height: 100), rootView: control)
        screen.layoutIfNeeded()
        func pointer(_ phase: TouchPhase) {
            screen.dispatch(.touch(TouchSample(id: TouchSample.pointerID, phase: phase, location: Point(x: 40, y: 40), timestamp: 0)))
        }
        pointer(.moved)
        #expect(!control.isHighlighted)
        pointer(.began)
        #expect(control.isHighlighted)
        pointer(.ended)
        pointer(.moved)
        #expect(taps == 1)
    }
}

@MainActor
struct RecognizerPrecedenceTests {
    @Test func aControlInsideWinsOverATapRecognizerAbove() {
        let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let button = Control(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        container.addSubview(button)
        var containerTaps = 0, buttonTaps = 0
        container.addGestureRecognizer(TapGestureRecognizer { _ in containerTaps += 1 })
        button.addAction(for: .touchUpInside) { _ in buttonTaps += 1 }
        let screen = Screen(size: Size(width: 200, height: 200), rootView: container)
        screen.layoutIfNeeded()
        for (id, x) in [(1, 25.0), (2, 150.0)] {
            screen.dispatch(.touch(TouchSample(id: id, phase: .began, location: Point(x: x, y: 25), timestamp: 0)))
            screen.dispatch(.touch(TouchSample(id: id, phase: .ended, location: Point(x: x, y: 25), timestamp: 0.05)))
        }
        #expect(buttonTaps == 1)
        #expect(containerTaps == 1)
    }

    @Test func aDirectionalPanLeavesCrossDragsToTheViewsBelow() {
        let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let slider = Slider()
        slider.frame = Rect(x: 0, y: 100, width: 300, height: 44)
        container.addSubview(slider)
        let pan = PanGestureRecognizer()
        pan.direction = .vertical
        container.addGestureRecognizer(pan)
        let screen = Screen(size: Size(width: 300, height: 300), rootView: container)
        screen.layoutIfNeeded()
        func send(_ phase: TouchPhase, _ x: Double, _ y: Double) {
            screen.dispatch(.touch(TouchSample(id: 1, phase: phase, location: Point(x: x, y: y), timestamp: 0)))
        }
        send(.began, 20, 120)
        send(.moved, 80, 122)
        send(.moved, 150, 124)
        #expect(slider.isTracking, "the horizontal drag stays with the slider")
        send(.ended, 150, 124)
        #expect(slider.value > 0.4)
    }
}

@MainActor
struct LayerHostTests {
    @Test func presentingAnAlertOnAPlainScreenWrapsTheContentAndBlocksIt() {
        let content = Control(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        var taps = 0
        content.addAction(for: .touchUpInside) { _ in taps += 1 }
        let screen = Screen(size: Size(width: 400, height: 300), rootView: content)
        let alert = Alert(title: "Hello")
        alert.present(on: screen)
        #expect(screen.rootView is LayerHostView)
        #expect(content.screen === screen)
        screen.animator.step(to: 1)
        screen.layoutIfNeeded()
        #expect(content.frame == screen.bounds)
        screen.dispatch(.touch(TouchSample(id: 1, phase: .began, location: Point(x: 10, y: 10), timestamp: 0)))
        screen.dispatch(.touch(TouchSample(id: 1, phase: .ended, location: Point(x: 10, y: 10), timestamp: 0)))
        #expect(taps == 0)
        #expect(screen.hitTest(Point(x: 10, y: 10)) === alert)
    }
}
