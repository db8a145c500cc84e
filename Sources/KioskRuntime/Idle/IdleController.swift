import KioskPlatform
import KioskUI

/// Decides when the screen dims, blanks and returns to the start panel, and which touches only
/// wake it. Pure logic on a clock the caller passes in (seconds on any monotonic clock), so it runs
/// the same on a virtual clock in tests.
///
/// The runtime arms a timer for `nextDeadline`, calls `advance(to:)` when it fires, reports input
/// through `noteTouch(id:phase:at:)` and `noteActivity(at:)`, and applies the returned
/// transitions to the backlight (or a dimming overlay) and the panel stack.
public final class IdleController {
    public private(set) var settings: IdleSettings
    public private(set) var state: IdleState = .active
    public private(set) var lastActivity: Double
    private var hasReturnedToStart = false
    /// Fingers of the touch sequence that woke the screen: they press nothing.
    private var swallowedTouches: Set<Int> = []

    public init(settings: IdleSettings, now: Double) {
        self.settings = settings
        lastActivity = now
    }

    /// True while the touch that woke the screen is still down.
    public var isSwallowingTouch: Bool { !swallowedTouches.isEmpty }

    /// When `advance(to:)` next has something to do, or nil when nothing is pending (the loop may
    /// then sleep without a timeout).
    public var nextDeadline: Double? {
        pendingSteps.map(\.time).min()
    }

    /// Applies the deadlines that have passed by `now`, in order. When several state changes are
    /// due at once (a long suspend) only the last is reported: there is no point dimming a screen
    /// that is about to be blanked.
    public func advance(to now: Double) -> [IdleTransition] {
        var transitions: [IdleTransition] = []
        var reachedState: IdleState?
        for step in pendingSteps.sorted(by: { $0.time < $1.time }) where step.time <= now {
            switch step.transition {
            case .dim: reachedState = .dimmed
            case .blank: reachedState = .blanked
            case .returnToStart:
                hasReturnedToStart = true
                transitions.append(.returnToStart)
            case .wake: break
            }
        }
        if let reachedState, reachedState != state {
            state = reachedState
            transitions.insert(reachedState == .blanked ? .blank : .dim, at: 0)
        }
        return transitions
    }

    /// Any input (a key, a touch that is delivered, a remote wake request): restarts the idle time
    /// and wakes the screen.
    @discardableResult
    public func noteActivity(at now: Double) -> [IdleTransition] {
        lastActivity = max(lastActivity, now)
        hasReturnedToStart = false
        guard state != .active else { return [] }
        let previous = state
        state = .active
        return [.wake(from: previous)]
    }

    /// A `sleep` command or action: blank now, as if the blank timeout had passed. Input (or
    /// `wake`) wakes the screen as usual.
    public func sleep(at now: Double) -> [IdleTransition] {
        guard state != .blanked else { return [] }
        state = .blanked
        return [.blank]
    }

    /// The next change of state the clock alone will bring (dim or blank) and when; nil when none
    /// is due (always on, or already blank).
    public var nextStateChange: (state: IdleState, time: Double)? {
        pendingSteps.compactMap { step -> (state: IdleState, time: Double)? in
            switch step.transition {
            case .dim: (.dimmed, step.time)
            case .blank: (.blanked, step.time)
            case .wake, .returnToStart: nil
            }
        }.min { $0.time < $1.time }
    }

    /// Reports one touch sample: whether to keep it from the UI, and the transitions it causes
    /// (every touch counts as activity, so it may wake the screen). A touch that begins on a
    /// blanked (or, by default, dimmed) screen only wakes it; that finger, and any other finger put
    /// down before all of them lift, press nothing.
    public func noteTouch(id: Int, phase: TouchPhase, at now: Double) -> (swallow: Bool, transitions: [IdleTransition]) {
        let wasState = state
        let transitions = noteActivity(at: now)
        switch phase {
        case .began:
            let wakes = wasState == .blanked || (wasState == .dimmed && settings.swallowTouchWakingDimmedScreen)
            if wakes || isSwallowingTouch {
                swallowedTouches.insert(id)
                return (true, transitions)
            }
            return (false, transitions)
        case .moved:
            return (swallowedTouches.contains(id), transitions)
        case .ended, .cancelled:
            return (swallowedTouches.remove(id) != nil, transitions)
        }
    }

    /// `noteTouch`, for a caller that needs only whether the touch is kept from the UI.
    public func shouldSwallowTouch(id: Int, phase: TouchPhase, at now: Double) -> Bool {
        noteTouch(id: id, phase: phase, at: now).swallow
    }

    /// Takes new settings (a config reload) without losing how long the kiosk has been idle.
    public func update(settings newSettings: IdleSettings, at now: Double) -> [IdleTransition] {
        settings = newSettings
        // A shorter timeout may already have passed; a longer one may mean the screen should be on.
        let expected = Self.expectedState(settings: newSettings, idleFor: now - lastActivity)
        var transitions: [IdleTransition] = []
        if expected == .active && state != .active {
            transitions.append(.wake(from: state))
            state = .active
        } else if expected != state && expected != .active {
            state = expected
            transitions.append(expected == .blanked ? .blank : .dim)
        }
        return transitions + advance(to: now)
    }

    // MARK: Internals

    private struct Step {
        var time: Double
        var transition: IdleTransition
    }

    private var pendingSteps: [Step] {
        var steps: [Step] = []
        if state == .active, let dimAfter = settings.dimAfter, settings.blankAfter.map({ dimAfter < $0 }) ?? true {
            steps.append(Step(time: lastActivity + dimAfter, transition: .dim))
        }
        if state != .blanked, let blankAfter = settings.blankAfter {
            steps.append(Step(time: lastActivity + blankAfter, transition: .blank))
        }
        if !hasReturnedToStart, let returnAfter = settings.returnToStartAfter {
            steps.append(Step(time: lastActivity + returnAfter, transition: .returnToStart))
        }
        return steps
    }

    private static func expectedState(settings: IdleSettings, idleFor idle: Double) -> IdleState {
        if let blankAfter = settings.blankAfter, idle >= blankAfter { return .blanked }
        if let dimAfter = settings.dimAfter, idle >= dimAfter { return .dimmed }
        return .active
    }
}
