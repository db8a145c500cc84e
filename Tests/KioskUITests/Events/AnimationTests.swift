import KioskGraphics
import KioskUI
import Testing

@MainActor
struct AnimationTests {
    @Test func curvesStartAtZeroEndAtOneAndEaseAsNamed() {
        for curve in [AnimationCurve.linear, .easeIn, .easeOut, .easeInOut, .spring] {
            #expect(abs(curve.progress(at: 0)) < 1e-6)
            #expect(curve.progress(at: 1) == 1)
        }
        #expect(AnimationCurve.easeIn.progress(at: 0.5) < 0.5)
        #expect(AnimationCurve.easeOut.progress(at: 0.5) > 0.5)
        #expect(abs(AnimationCurve.easeInOut.progress(at: 0.5) - 0.5) < 1e-6)
        let springPeak = stride(from: 0.0, to: 1, by: 0.01).map { AnimationCurve.spring(damping: 0.5).progress(at: $0) }.max()!
        #expect(springPeak > 1, "an underdamped spring overshoots")
    }

    private func screenWithBox() -> (Screen, View) {
        let root = View()
        let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(box)
        let screen = Screen(size: Size(width: 100, height: 100), rootView: root)
        screen.layoutIfNeeded()
        return (screen, box)
    }

    @Test func propertiesMoveAtTheFrameTimesAndCompletionRunsOnce() {
        let (screen, box) = screenWithBox()
        var completions: [Bool] = []
        screen.currentTime = 1
        View.animate(duration: 1, curve: .linear, animations: {
            box.alpha = 0
            box.frame = Rect(x: 50, y: 0, width: 10, height: 10)
            box.backgroundColor = Color(hex: 0xFFFFFF)
        }, completion: { completions.append($0) })
        #expect(box.alpha == 1, "the model shows the start until a frame is made")
        screen.animator.step(to: 1.25)
        #expect(abs(box.alpha - 0.75) < 1e-9)
        #expect(abs(box.frame.minX - 12.5) < 1e-9)
        screen.animator.step(to: 2)
        #expect(box.alpha == 0 && box.frame.minX == 50)
        #expect(box.backgroundColor == Color(hex: 0xFFFFFF))
        #expect(completions == [true])
        #expect(!screen.animator.isAnimating)
    }

    @Test func aNewAnimationStartsFromTheInFlightValue() {
        let (screen, box) = screenWithBox()
        var first: [Bool] = []
        View.animate(duration: 1, curve: .linear, animations: { box.alpha = 0 }, completion: { first.append($0) })
        screen.animator.step(to: 0.5)
        #expect(abs(box.alpha - 0.5) < 1e-9)
        screen.currentTime = 0.5
        View.animate(duration: 1, curve: .linear) { box.alpha = 1 }
        #expect(first == [false], "the interrupted animation completes unfinished")
        screen.animator.step(to: 1)
        #expect(abs(box.alpha - 0.75) < 1e-9)
    }

    @Test func aPlainAssignmentStopsTheAnimation() {
        let (screen, box) = screenWithBox()
        View.animate(duration: 1) { box.alpha = 0 }
        box.alpha = 0.3
        screen.animator.step(to: 0.5)
        #expect(box.alpha == 0.3)
        #expect(!screen.animator.isAnimating)
    }

    @Test func framesAreRequestedWhileAnimatingAndNotAfter() {
        let (screen, box) = screenWithBox()
        var requests = 0
        screen.onFrameRequest = { requests += 1 }
        screen.frameDidComplete()
        View.animate(duration: 0.1, delay: 0.05) { box.transform = AffineTransform(scale: 2) }
        #expect(screen.needsFrame)
        var time = 0.0
        var frames = 0
        while screen.needsFrame && frames < 100 {
            screen.frameDidComplete()
            time += 1.0 / 60
            screen.animator.step(to: time)
            frames += 1
        }
        #expect(box.transform == AffineTransform(scale: 2))
        #expect(frames == 10, "0.15 s at 60 Hz, then no more")
        #expect(requests >= 1)
    }

    @Test func anyPropertyAnimatesThroughAKeyPath() {
        final class Gauge: View { var level = 0.0 }
        let gauge = Gauge()
        let screen = Screen(size: Size(width: 10, height: 10), rootView: gauge)
        var done = false
        screen.animator.animate(gauge, \.level, to: 10, duration: 0.5, curve: .linear) { done = $0 }
        screen.animator.step(to: 0.25)
        #expect(gauge.level == 5)
        screen.animator.step(to: 0.5)
        #expect(gauge.level == 10 && done)
    }

    @Test func aZeroDurationBlockReplacesARunningAnimation() {
        let (screen, box) = screenWithBox()
        View.animate(duration: 1) { box.alpha = 0 }
        View.animate(duration: 0) { box.alpha = 0.5 }
        screen.animator.step(to: 0.5)
        #expect(box.alpha == 0.5)
        #expect(!screen.animator.isAnimating)
    }
}
