import Testing
@testable import KioskPlatform

@Suite struct VirtualLoopTests {
    @Test func timersRunInTimeOrderWithTheClockAtTheirDeadline() throws {
        let loop = VirtualLoop()
        var fired: [(String, Double)] = []
        try loop.addTimer(at: 0.3) { fired.append(("c", loop.now)) }
        try loop.addTimer(at: 0.1) {
            fired.append(("a", loop.now))
            // Scheduled while running and due within the same advance: it runs too, in order.
            _ = try? loop.addTimer(after: 0.1) { fired.append(("b", loop.now)) }
        }
        loop.advance(by: 0.25)
        #expect(fired.map(\.0) == ["a", "b"])
        #expect(fired.map(\.1) == [0.1, 0.2])
        #expect(loop.now == 0.25)
        loop.advance(by: 1)
        #expect(fired.map(\.0) == ["a", "b", "c"])
        #expect(loop.armedTimerCount == 0)
        #expect(loop.nextTimerDeadline == nil)
    }

    @Test func aRepeatingTimerFiresOncePerIntervalUntilCancelled() throws {
        let loop = VirtualLoop()
        var times: [Double] = []
        var id: TimerID?
        id = try loop.addTimer(after: 0.5, repeating: 0.5) {
            times.append(loop.now)
            if times.count == 3, let id { loop.cancelTimer(id) }
        }
        loop.advance(by: 10)
        #expect(times == [0.5, 1.0, 1.5])
        #expect(loop.armedTimerCount == 0)
    }

    @Test func advanceToNextTimerJumpsToTheEarliestDeadlineOnly() throws {
        let loop = VirtualLoop(start: 5)
        #expect(!loop.advanceToNextTimer())
        #expect(loop.now == 5)
        var fired: [Int] = []
        try loop.addTimer(after: 2) { fired.append(2) }
        try loop.addTimer(after: 1) { fired.append(1) }
        #expect(loop.advanceToNextTimer())
        #expect(fired == [1])
        #expect(loop.now == 6)
    }

    @Test func aCancelledTimerNeverRunsAndTimeNeverGoesBack() throws {
        let loop = VirtualLoop()
        var fired = false
        let id = try loop.addTimer(after: 1) { fired = true }
        loop.cancelTimer(id)
        #expect(!loop.isTimerArmed(id))
        loop.advance(by: 2)
        loop.advance(to: 1)
        #expect(!fired)
        #expect(loop.now == 2)
    }

    @Test func readyDescriptorsAreServedAsTimeMoves() throws {
        let loop = VirtualLoop()
        let pipe = LoopTestPipe()
        var reads = 0
        let source = try loop.addReadable(fileDescriptor: pipe.readEnd) {
            reads += pipe.drain()
        }
        loop.advance(by: 1)
        #expect(reads == 0)
        pipe.writeByte()
        loop.advance(by: 1)
        #expect(reads == 1)
        loop.remove(source)
        pipe.writeByte()
        loop.advance(by: 1)
        #expect(reads == 1)
    }

    @Test func aClosedDescriptorIsRefused() {
        let loop = VirtualLoop()
        #expect(throws: LoopError.self) { try loop.addReadable(fileDescriptor: 9999) {} }
    }
}

/// A deadline or interval from a computation gone wrong is refused, on both loops, rather than
/// crashing when the timerfd is armed or spinning the virtual clock; a far deadline is held.
@Suite struct TimerBoundsTests {
    static func loops() throws -> [any Scheduler] { [VirtualLoop(), try EventLoop()] }

    @Test func aDeadlineOrIntervalThatIsNotFiniteIsRefused() throws {
        for loop in try Self.loops() {
            for deadline in [Double.nan, .infinity, -.infinity] {
                #expect(throws: LoopError.self) { try loop.addTimer(at: deadline) {} }
            }
            for interval in [Double.nan, .infinity, -1] {
                #expect(throws: LoopError.self) { try loop.addTimer(after: 1, repeating: interval) {} }
            }
            #expect(loop.armedTimerCount == 0, "\(type(of: loop))")
        }
    }

    @Test func aDeadlineCenturiesAwayIsArmedAndNeverFires() throws {
        for loop in try Self.loops() {
            var fired = false
            let id = try loop.addTimer(at: 1e300) { fired = true }
            #expect(loop.isTimerArmed(id))
            (loop as? VirtualLoop)?.advance(by: 3600)
            #expect(!fired)
            loop.cancelTimer(id)
        }
    }
}
