/// A timer written under a panel's `timers:`: it starts each time the panel is shown and stops
/// when another panel is.
nonisolated public struct TimerSpec: Hashable, Sendable {
    /// When a timer fires: once after a delay, or repeatedly at an interval (the first time one
    /// interval after it starts).
    public enum Schedule: Hashable, Sendable {
        case after(Double)
        case every(Double)
    }

    /// The name `cancel` stops it by, and that a later timer of the same name replaces it under.
    public var id: String?
    public var schedule: Schedule
    public var actions: [ActionSpec]

    public init(id: String? = nil, schedule: Schedule, actions: [ActionSpec]) {
        self.id = id
        self.schedule = schedule
        self.actions = actions
    }
}
