import KioskCompositor
import KioskGraphics
import KioskPlatform
import KioskUI

/// Drives a headless screen the way a finger and a keyboard would, on the virtual clock: taps,
/// long presses, drags and typing become input events stamped with the loop's time, and time moves
/// on the display's `VirtualLoop`, which runs the frame loop and the screen's timers as they fall
/// due. What tests and scripted snapshots use.
public final class HeadlessDriver {
    public let display: HeadlessDisplay
    public var screen: Screen { display.screen }
    public var compositor: Compositor { display.compositor }
    public var loop: any Scheduler { display.loop }
    /// The on-screen keyboard `type(_:)` taps on, shown when a text input takes focus without a
    /// hardware keyboard.
    public let keyboard: OnScreenKeyboard
    /// Where input goes, as a device's input would: the panels on the screen (through their idle
    /// logic). Nil sends it straight to the views.
    public private(set) weak var receiver: (any InputReceiver)?

    private var nextTouchID = 1

    /// A screen of its own showing `rootView` inside a layer host (modals and the keyboard go above
    /// it), with its own on-screen keyboard.
    public convenience init(size: Size, scale: Double = 1, environment: Environment = Environment(), rootView: View,
                            rotation: Rotation = .none, keyboardLayout: KeyboardLayout? = nil,
                            scheduler: (any Scheduler)? = nil, refreshRate: Double = HeadlessDisplay.defaultRefreshRate) {
        let display = HeadlessDisplay(size: size, scale: scale, environment: environment,
                                      rootView: LayerHostView(content: rootView), rotation: rotation, scheduler: scheduler,
                                      refreshRate: refreshRate)
        let keyboard = OnScreenKeyboard(layout: keyboardLayout ?? KeyboardLayout.forLocale(environment.locale))
        keyboard.attach(to: display.screen)
        self.init(display: display, keyboard: keyboard)
    }

    /// Drives `display`, with `keyboard` already attached to its screen; input goes to `receiver`
    /// (held weakly) when there is one.
    public init(display: HeadlessDisplay, keyboard: OnScreenKeyboard, receiver: (any InputReceiver)? = nil) {
        self.display = display
        self.keyboard = keyboard
        self.receiver = receiver
        display.addPresentationObserver { [unowned self] _ in self.afterEachFrame?() }
    }

    /// Called at the vblank of every frame the display presents (tests check each frame with it).
    public var afterEachFrame: (() -> Void)?

    /// Frames presented so far.
    public var frameCount: Int { compositor.frameCount }
    public var lastDamage: Region { compositor.lastDamage }

    // MARK: Time

    /// Moves the virtual clock forward by `seconds`: frames are made at each refresh while one is
    /// wanted, and timers fire at their times. Returns the frames presented.
    @discardableResult
    public func advance(by seconds: Double) throws -> Int {
        try display.advance(by: seconds)
    }

    /// Advances a refresh at a time until no frame is wanted or on its way and none of the screen's
    /// timers (gestures, key repeat) is armed, at most `limit` seconds. Timers that are not the
    /// screen's, such as the idle behaviour's, do not keep it going.
    @discardableResult
    public func settle(limit: Double = 10) throws -> Int {
        var frames = 0, waited = 0.0
        while (display.isBusy || screen.nextWakeUpTime != nil) && waited < limit {
            frames += try advance(by: display.refreshInterval)
            waited += display.refreshInterval
        }
        return frames
    }

    // MARK: Input

    /// Delivers an event as the device's input would: to the receiver, else to the views.
    public func deliver(_ event: InputEvent) {
        if let receiver { receiver.handle(event) } else { screen.dispatch(event) }
    }

    // MARK: Touch

    /// Puts a finger down at a point (screen points); returns its id for `move` and `lift`.
    @discardableResult
    public func touchDown(at point: Point) -> Int {
        let id = nextTouchID
        nextTouchID += 1
        send(id, .began, point)
        return id
    }

    public func touchMove(_ id: Int, to point: Point) { send(id, .moved, point) }
    public func touchUp(_ id: Int, at point: Point) { send(id, .ended, point) }
    public func touchCancel(_ id: Int, at point: Point) { send(id, .cancelled, point) }

    private func send(_ id: Int, _ phase: TouchPhase, _ point: Point) {
        deliver(.touch(TouchSample(id: id, phase: phase, location: point, timestamp: loop.now)))
    }

    /// Taps a point: down, 50 ms, up, then lets animations and timers run out.
    public func tap(at point: Point) throws {
        let id = touchDown(at: point)
        try advance(by: 0.05)
        touchUp(id, at: point)
        try settle()
    }

    /// Taps the centre of the view with this id.
    public func tap(id: String) throws {
        try tap(at: try center(of: id))
    }

    public func longPress(id: String, duration: Double = 0.8) throws {
        let point = try center(of: id)
        let touch = touchDown(at: point)
        try advance(by: duration)
        touchUp(touch, at: point)
        try settle()
    }

    /// Drags from one point to another in straight steps at the refresh rate over `duration`.
    public func drag(from start: Point, to end: Point, duration: Double = 0.3, release: Bool = true) throws {
        let id = touchDown(at: start)
        let steps = max(1, Int((duration / display.refreshInterval).rounded()))
        for step in 1...steps {
            try advance(by: duration / Double(steps))
            let t = Double(step) / Double(steps)
            touchMove(id, to: Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
        if release { touchUp(id, at: end) }
    }

    /// The centre of a view, in screen points.
    public func center(of id: String) throws -> Point {
        guard let view = screen.view(withID: id) else { throw DriverError(description: "no view with id \"\(id)\" on screen") }
        return frameOnScreen(of: view).center
    }

    /// A view's bounds on screen, in points.
    public func frameOnScreen(of view: View) -> Rect {
        let pixels = view.transformToScreen.apply(to: view.bounds)
        let scale = screen.scale
        return Rect(x: pixels.minX / scale, y: pixels.minY / scale, width: pixels.width / scale, height: pixels.height / scale)
    }

    // MARK: Keys

    /// Types text: through the on-screen keyboard's keys when it is shown, else as key events.
    /// "\n" presses return.
    public func type(_ text: String) throws {
        for character in text {
            if keyboard.isShown {
                let key: Key = character == "\n" ? .returnKey : .text(String(character))
                for point in try keyboard.tapPoints(for: key) { try tap(at: point) }
            } else {
                try press(key: character == "\n" ? .returnKey : .text(String(character)))
            }
        }
    }

    public func press(key: Key) throws {
        deliver(.key(KeyEvent(key: key, isDown: true, timestamp: loop.now)))
        deliver(.key(KeyEvent(key: key, isDown: false, timestamp: loop.now)))
        try settle()
    }

    public func setHardwareKeyboard(present: Bool) throws {
        deliver(.hardwareKeyboardPresent(present))
        try settle()
    }

    // MARK: Output

    public func snapshot() throws -> Surface {
        try display.snapshot()
    }

    public func accessibilityTree() -> String {
        screen.accessibilityTreeDescription()
    }
}

public struct DriverError: Error, CustomStringConvertible {
    public let description: String
}
