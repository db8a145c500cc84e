import Testing
@testable import KioskPlatform

@Test func timersFireInDeadlineOrderNotSchedulingOrder() throws {
    let loop = try EventLoop()
    var fired: [String] = []
    // Deadlines from one reading of the clock: a pause between the calls (a busy machine) must not
    // reorder them.
    let start = loop.now
    try loop.addTimer(at: start + 0.03) { fired.append("third") }
    try loop.addTimer(at: start + 0.01) { fired.append("first") }
    try loop.addTimer(at: start + 0.02) { fired.append("second") }
    try loop.addTimer(at: start + 0.04) {
        fired.append("last")
        loop.stop()
    }
    var stuck = false
    let guardTimer = try loop.stopIfStuck { stuck = true }
    try loop.run()
    loop.cancelTimer(guardTimer)
    #expect(!stuck)
    #expect(fired == ["first", "second", "third", "last"])
    #expect(loop.armedTimerCount == 0)
}

@Test func timersDueTogetherFireInTheOrderTheyWereScheduled() throws {
    let loop = try EventLoop()
    let deadline = loop.now + 0.01
    var fired: [Int] = []
    for index in 0..<5 {
        try loop.addTimer(at: deadline) { fired.append(index) }
    }
    try loop.addTimer(at: deadline + 0.01) { loop.stop() }
    let guardTimer = try loop.stopIfStuck()
    try loop.run()
    loop.cancelTimer(guardTimer)
    #expect(fired == [0, 1, 2, 3, 4])
}

@Test func aRepeatingTimerFiresUntilCancelledAndACancelledTimerNeverFires() throws {
    let loop = try EventLoop()
    var ticks = 0
    var cancelledFired = false
    let cancelled = try loop.addTimer(after: 0.005) { cancelledFired = true }
    loop.cancelTimer(cancelled)
    #expect(!loop.isTimerArmed(cancelled))
    var repeating: TimerID?
    repeating = try loop.addTimer(after: 0.005, repeating: 0.005) {
        ticks += 1
        if ticks == 3 {
            loop.cancelTimer(repeating!)
            loop.stop()
        }
    }
    let guardTimer = try loop.stopIfStuck()
    try loop.run()
    loop.cancelTimer(guardTimer)
    #expect(ticks == 3)
    #expect(!cancelledFired)
    #expect(loop.armedTimerCount == 0)
}

@Test func aHandlerCanCancelATimerDueInTheSameRound() throws {
    let loop = try EventLoop()
    let deadline = loop.now + 0.01
    var secondFired = false
    var second: TimerID?
    try loop.addTimer(at: deadline) { loop.cancelTimer(second!) }
    second = try loop.addTimer(at: deadline) { secondFired = true }
    try loop.addTimer(at: deadline + 0.01) { loop.stop() }
    let guardTimer = try loop.stopIfStuck()
    try loop.run()
    loop.cancelTimer(guardTimer)
    #expect(!secondFired)
}

@Test func timerQueueSkipsMissedPeriodsOfARepeatingTimer() throws {
    var queue = TimerQueue()
    let id = TimerID(rawValue: 1)
    var fired = 0
    try queue.schedule(id, at: 1.0, repeating: 0.5, handler: { fired += 1 })
    // Woken late, at 2.2: it fires once and the next deadline is 2.5, not 1.5.
    queue.takeIfDue(id, at: 2.2)?()
    #expect(fired == 1)
    #expect(queue.earliestDeadline == 2.5)
    #expect(queue.takeIfDue(id, at: 2.4) == nil)
}
