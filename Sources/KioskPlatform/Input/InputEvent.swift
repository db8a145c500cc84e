import KioskGraphics

/// Where a touch is in its life.
public enum TouchPhase: String, Sendable {
    case began, moved, ended, cancelled
}

/// One finger (or the pointer, which acts as one finger) at one moment, in UI points.
public struct TouchSample: Hashable, Sendable {
    /// Stable while the finger is down; the pointer uses `TouchSample.pointerID`.
    public var id: Int
    public var phase: TouchPhase
    public var location: Point
    /// Seconds on the runtime's clock.
    public var timestamp: Double

    public static let pointerID = -1

    public init(id: Int, phase: TouchPhase, location: Point, timestamp: Double) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
    }
}

/// A key that text input understands, from a hardware keyboard or the on-screen one.
public enum Key: Hashable, Sendable {
    /// Produces text (already composed by the keymap: shift, dead keys).
    case text(String)
    case returnKey, backspace, delete, tab, escape
    case left, right, up, down, home, end
}

public struct KeyEvent: Hashable, Sendable {
    public var key: Key
    public var isDown: Bool
    public var isRepeat: Bool
    public var timestamp: Double

    public init(key: Key, isDown: Bool = true, isRepeat: Bool = false, timestamp: Double = 0) {
        self.key = key
        self.isDown = isDown
        self.isRepeat = isRepeat
        self.timestamp = timestamp
    }
}

/// What input devices report to the UI, already mapped into UI coordinates.
public enum InputEvent: Hashable, Sendable {
    case touch(TouchSample)
    case key(KeyEvent)
    /// A hardware keyboard appeared or went away: the on-screen keyboard hides while one is present.
    case hardwareKeyboardPresent(Bool)
}
