/// How long to wait before the next connection attempt: 1 s, doubling up to 30 s, reset by a
/// connection that the broker accepted. Each wait is spread by up to a fifth, so a fleet that lost
/// its broker together does not knock on it together.
struct ReconnectBackoff: Equatable {
    static let first = 1.0
    static let longest = 30.0

    private(set) var attempts = 0

    /// The next wait, given a number from 0 to 1 that spreads it.
    mutating func nextDelay(spread: Double) -> Double {
        let base = min(Self.first * Double(1 << min(attempts, 10)), Self.longest)
        attempts += 1
        return base * (1 + 0.2 * min(max(spread, 0), 1))
    }

    mutating func reset() {
        attempts = 0
    }
}
