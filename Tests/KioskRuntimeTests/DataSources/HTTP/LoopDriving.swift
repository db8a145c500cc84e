import KioskPlatform

extension EventLoop {
    /// Runs the loop until `done()` holds or `seconds` of real time pass (then returns false), so
    /// that a broken fetcher fails a test instead of hanging it. `done()` is asked at least every
    /// 10 ms, so it may watch something outside the loop (the server's output).
    func run(forAtMost seconds: Double, until done: () -> Bool) throws -> Bool {
        var expired = false
        let deadline = try addTimer(after: seconds) { expired = true }
        let tick = try addTimer(after: 0.01, repeating: 0.01) {}
        defer {
            cancelTimer(deadline)
            cancelTimer(tick)
        }
        while !expired {
            if done() { return true }
            try runOnce()
        }
        return done()
    }
}
