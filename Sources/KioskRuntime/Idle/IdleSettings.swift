/// The `display.idle` settings: how long without a touch before the screen dims, blanks, and
/// returns to the start panel. Times are seconds of inactivity; nil turns a step off.
nonisolated public struct IdleSettings: Equatable, Sendable {
    public var dimAfter: Double?
    public var blankAfter: Double?
    public var returnToStartAfter: Double?
    /// Backlight level while dimmed, as a fraction of full brightness.
    public var dimmedBrightness: Double
    /// Whether the touch that wakes a dimmed (not only a blanked) screen is swallowed too. A dimmed
    /// screen is still readable, so some panels prefer that touch to act.
    public var swallowTouchWakingDimmedScreen: Bool
    /// Seconds of full-screen colour cycle run when the screen blanks, before it goes dark; nil:
    /// none.
    public var antiburnCycle: Double?

    public init(dimAfter: Double? = nil, blankAfter: Double? = nil, returnToStartAfter: Double? = nil,
                dimmedBrightness: Double = 0.2, swallowTouchWakingDimmedScreen: Bool = true)
    {
        self.dimAfter = dimAfter
        self.blankAfter = blankAfter
        self.returnToStartAfter = returnToStartAfter
        self.dimmedBrightness = dimmedBrightness
        self.swallowTouchWakingDimmedScreen = swallowTouchWakingDimmedScreen
    }

    /// Never dims, never blanks, never returns to start.
    public static let alwaysOn = IdleSettings()
}

/// How the screen looks as far as idleness goes.
nonisolated public enum IdleState: Equatable, Sendable {
    case active
    case dimmed
    case blanked

    /// The word the control socket and `kiosk ctl idle` use: `awake`, `dim` or `blank`.
    public var name: String {
        switch self {
        case .active: "awake"
        case .dimmed: "dim"
        case .blanked: "blank"
        }
    }
}

/// What the runtime must do now.
nonisolated public enum IdleTransition: Equatable, Sendable {
    /// Lower the backlight to `dimmedBrightness` (or fade in the dimming overlay).
    case dim
    /// Turn the backlight off (or the display, or paint black).
    case blank
    /// Restore full brightness; `from` is the state left.
    case wake(from: IdleState)
    /// Go to the start panel, closing alerts and keyboards; happens once per idle period.
    case returnToStart
}

/// Where idle stands: the state, and the next change the clock will bring with the seconds left
/// (nil when none is due: always on, or already blank).
nonisolated public struct IdleReport: Equatable, Sendable {
    public var state: IdleState
    public var next: (state: IdleState, seconds: Double)?

    public init(state: IdleState, next: (state: IdleState, seconds: Double)?) {
        self.state = state
        self.next = next
    }

    public static func == (lhs: IdleReport, rhs: IdleReport) -> Bool {
        lhs.state == rhs.state && lhs.next?.state == rhs.next?.state && lhs.next?.seconds == rhs.next?.seconds
    }
}
