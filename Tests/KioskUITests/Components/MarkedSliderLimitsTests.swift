import KioskGraphics
import KioskUI
import Testing

/// A marked slider draws at most `maximumDrawnTicks` ticks, however many steps it has, and still
/// snaps to every step.
@MainActor
struct MarkedSliderLimitsTests {
    func slider(maximum: Double, step: Double) -> MarkedSlider {
        let slider = MarkedSlider(minimum: 0, maximum: maximum, step: step)
        slider.frame = Rect(x: 0, y: 0, width: 1028, height: 44)
        return slider
    }

    @Test func aThousandStepsOrFewerDrawEveryTick() {
        #expect(slider(maximum: 10, step: 1).drawnTickValues == (0...10).map(Double.init))
        #expect(slider(maximum: 999, step: 1).drawnTickValues.count == 1000)
    }

    @Test func moreStepsDrawEveryKthTick() {
        let wide = slider(maximum: 1e12, step: 1)
        let ticks = wide.drawnTickValues
        #expect(ticks.count <= MarkedSlider.maximumDrawnTicks)
        #expect(ticks.count > MarkedSlider.maximumDrawnTicks / 2)
        #expect(ticks.first == 0)
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $1 - $0 == wide.tickStride })
        #expect(slider(maximum: 1000, step: 1).drawnTickValues.count == 501)
    }

    @Test func itStillSnapsToEveryStep() {
        let wide = slider(maximum: 1e12, step: 1)
        let (start, end) = wide.trackRange
        let value = wide.snappedValue(atX: start + (end - start) * 0.123_456_789)
        #expect(value == value.rounded())
        #expect(abs(value - 0.123_456_789e12) < 1)
        #expect(wide.snappedValue(atX: end + 100) == 1e12)
        wide.value = 41
        wide.accessibilityIncrement()
        #expect(wide.value == 42)
    }

    @Test func aRangeOfSmallStepsBeyondAnyIntegerDrawsAndSnaps() {
        let huge = slider(maximum: 1e12, step: 1e-9)
        #expect(huge.drawnTickValues.count <= MarkedSlider.maximumDrawnTicks)
        #expect(huge.tickCount == Int.max)
        let (start, end) = huge.trackRange
        #expect(abs(huge.snappedValue(atX: end) - 1e12) < 1e-3)
        #expect(huge.snappedValue(atX: start) == 0)
    }
}
