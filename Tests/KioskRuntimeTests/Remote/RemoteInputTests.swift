import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskRuntime

/// A viewer's pointer as a finger, and the queue that carries input from the viewers' threads.
@Suite struct RemoteInputTests {
    @Test func theFirstButtonMakesATouchOfTheViewersOwn() {
        var pointer = RemotePointer()
        #expect(pointer.move(viewer: 1, to: Point(x: 5, y: 5), buttons: 0, at: 0) == nil)
        let began = pointer.move(viewer: 1, to: Point(x: 10, y: 20), buttons: 1, at: 1)
        #expect(began?.phase == .began)
        #expect(began?.location == Point(x: 10, y: 20))
        #expect(pointer.move(viewer: 1, to: Point(x: 10, y: 20), buttons: 1, at: 2) == nil)
        #expect(pointer.move(viewer: 1, to: Point(x: 12, y: 20), buttons: 1, at: 2)?.phase == .moved)
        // A second viewer is another finger.
        let other = pointer.move(viewer: 2, to: Point(x: 50, y: 50), buttons: 1, at: 3)
        #expect(other?.phase == .began)
        #expect(other?.id != began?.id)
        #expect(pointer.move(viewer: 1, to: Point(x: 12, y: 21), buttons: 0, at: 4)?.phase == .ended)
        // Only the right button: no touch.
        #expect(pointer.move(viewer: 1, to: Point(x: 12, y: 21), buttons: 4, at: 5) == nil)
        #expect(pointer.viewerLeft(2, at: 6)?.phase == .cancelled)
        #expect(pointer.viewerLeft(2, at: 7) == nil)
    }

    @Test func motionCoalescesAndTheQueueIsBounded() throws {
        let queue = try RemoteInputQueue()
        for x in 0..<100 { queue.post(.pointer(viewer: 1, x: x, y: 0, buttons: 1)) }
        queue.post(.pointer(viewer: 1, x: 100, y: 0, buttons: 0))
        let (events, dropped) = queue.take()
        #expect(events == [.pointer(viewer: 1, x: 99, y: 0, buttons: 1), .pointer(viewer: 1, x: 100, y: 0, buttons: 0)])
        #expect(dropped == 0)
        for index in 0..<(RemoteInputQueue.capacity + 10) { queue.post(.key(keysym: UInt32(index), isDown: true)) }
        let flood = queue.take()
        #expect(flood.events.count == RemoteInputQueue.capacity)
        #expect(flood.dropped == 10)
        #expect(queue.take().events.isEmpty)
    }
}
