/// The bounds timers keep, so that no config can make the kiosk busy with timers alone.
nonisolated public enum TimerLimits {
    /// The shortest `every` interval, in seconds: twenty times a second is already faster than any
    /// value a person reads, and one at a millisecond would keep the loop busy all the time.
    public static let minimumInterval = 0.05
    /// The soonest any timer fires, in seconds, whatever its delay: `after: {delay: 0s}` runs on a
    /// later turn of the loop, never inside the action that started it, and panels whose `on_show`
    /// start zero-delay timers that show each other cannot spin without time passing.
    public static let minimumDelay = 0.01
    /// Timers running at once (panel timers and those actions started). An `every` that starts an
    /// anonymous `every` adds one each time it fires; past this bound new ones are refused and logged.
    public static let maximumLiveTimers = 256
}
