import Testing
@testable import KioskPlatform

@Test func anIdleLoopDoesNotWakeUpUntilSomethingHappens() throws {
    let loop = try EventLoop()
    let pipe = LoopTestPipe()
    try loop.addReadable(fileDescriptor: pipe.readEnd) {
        pipe.drain()
        loop.stop()
    }
    // Timers that fired or were cancelled must leave nothing armed behind.
    var fired = false
    try loop.addTimer(after: 0.001) { fired = true }
    let cancelled = try loop.addTimer(after: 0.001) {}
    loop.cancelTimer(cancelled)
    while !fired { try loop.runOnce() }
    #expect(loop.armedTimerCount == 0)

    // Now nothing is armed: the only wakeup may be the byte written from outside, 200 ms later.
    let before = loop.wakeupCount
    pipe.writeByteFromAnotherThread(after: 0.2)
    try loop.run()
    #expect(loop.wakeupCount - before == 1)
}
