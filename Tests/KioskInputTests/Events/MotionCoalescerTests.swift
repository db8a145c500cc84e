import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskInput

private func touch(_ id: Int, _ phase: TouchPhase, _ x: Double, at time: Double = 0) -> InputEvent {
    .touch(TouchSample(id: id, phase: phase, location: Point(x: x, y: 0), timestamp: time))
}

@Test func onlyTheNewestMoveOfEachTouchSurvives() {
    let batch = [touch(0, .moved, 1), touch(1, .moved, 10), touch(0, .moved, 2), touch(0, .moved, 3), touch(1, .moved, 11)]
    #expect(MotionCoalescer.coalesce(batch) == [touch(0, .moved, 3), touch(1, .moved, 11)])
}

@Test func beganAndEndedKeepTheirOrderAroundTheSurvivingMove() {
    let batch = [touch(0, .began, 0), touch(0, .moved, 1), touch(0, .moved, 2), touch(0, .ended, 2)]
    #expect(MotionCoalescer.coalesce(batch) == [touch(0, .began, 0), touch(0, .moved, 2), touch(0, .ended, 2)])
}

@Test func aReusedIdDoesNotSwallowTheMoveOfTheEarlierTouch() {
    let batch = [touch(0, .began, 0), touch(0, .moved, 5), touch(0, .ended, 5),
                 touch(0, .began, 50), touch(0, .moved, 51), touch(0, .moved, 52)]
    #expect(MotionCoalescer.coalesce(batch) == [touch(0, .began, 0), touch(0, .moved, 5), touch(0, .ended, 5),
                                                touch(0, .began, 50), touch(0, .moved, 52)])
}

@Test func keysAndOtherEventsPassThroughInOrder() {
    let key = InputEvent.key(KeyEvent(key: .text("a")))
    let batch = [touch(0, .moved, 1), key, .hardwareKeyboardPresent(true), touch(0, .moved, 2), touch(0, .cancelled, 2)]
    #expect(MotionCoalescer.coalesce(batch) == [key, .hardwareKeyboardPresent(true), touch(0, .moved, 2),
                                                touch(0, .cancelled, 2)])
}
