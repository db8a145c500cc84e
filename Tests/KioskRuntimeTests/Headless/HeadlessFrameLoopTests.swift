import KioskGraphics
import KioskPlatform
import KioskRuntime
import KioskUI
import Testing

/// The frame loop a device runs, on the virtual clock: frames are made at the refresh rate while
/// something moves, each evaluated for the vblank that shows it, and nothing at all at rest.
struct HeadlessFrameLoopTests {
    /// A box on a headless display at `refreshRate`, its first frame shown, with each later frame's
    /// evaluation time and vblank recorded.
    final class Scene {
        let loop = VirtualLoop()
        let box = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        let display: HeadlessDisplay
        var evaluated: [Double] = []
        var shown: [Double] = []
        var alphaShown: [Double] = []

        init(refreshRate: Double = 60) throws {
            box.backgroundColor = Color(hex: 0x3366CC)
            let root = View()
            root.addSubview(box)
            display = HeadlessDisplay(size: Size(width: 100, height: 80), rootView: root, scheduler: loop,
                                      refreshRate: refreshRate)
            try display.renderUntilIdle()
            display.compositor.addFrameObserver { [unowned self] time in evaluated.append(time) }
            display.addPresentationObserver { [unowned self] time in
                shown.append(time)
                alphaShown.append(box.alpha)
            }
        }
    }

    @Test func theFirstFrameIsShownAtTheFirstRefresh() throws {
        let loop = VirtualLoop()
        let display = HeadlessDisplay(size: Size(width: 40, height: 30), scheduler: loop)
        var shown: [Double] = []
        display.addPresentationObserver { shown.append($0) }
        #expect(display.frames.isFrameScheduled)
        #expect(try display.renderUntilIdle() == 1)
        #expect(shown == [1.0 / 60])
        #expect(loop.now == 1.0 / 60)
    }

    @Test func aThreeHundredMillisecondAnimationPresentsAFrameAtEachRefreshEvaluatedForIt() throws {
        let scene = try Scene()
        try scene.display.advance(by: 1)
        let start = scene.loop.now
        View.animate(duration: 0.3, curve: .linear) { scene.box.alpha = 0 }
        let frames = try scene.display.renderUntilIdle()

        #expect((18...19).contains(frames), "0.3 s at 60 Hz")
        #expect(scene.shown.count == frames)
        // The step after the last finds the animation over: it shows nothing, and nothing follows.
        #expect(scene.evaluated.count == frames + 1)
        // Each frame is evaluated for the vblank that shows it: the refreshes after the start.
        for (index, time) in scene.shown.enumerated() {
            #expect(abs(scene.evaluated[index] - time) < 1e-9)
            #expect(abs(time - (start + Double(index + 1) / 60)) < 1e-9)
            #expect(abs(scene.alphaShown[index] - max(0, 1 - (time - start) / 0.3)) < 1e-9)
        }
        #expect(scene.shown.last! >= start + 0.3 - 1e-9)
        #expect(scene.box.alpha == 0)
    }

    @Test func atRestNothingIsPresentedAndNoTimerIsArmed() throws {
        let scene = try Scene()
        View.animate(duration: 0.3) { scene.box.alpha = 0.5 }
        try scene.display.renderUntilIdle()
        let frames = scene.display.framesPresented
        #expect(try scene.display.advance(by: 60) == 0)
        #expect(scene.display.framesPresented == frames)
        #expect(scene.loop.armedTimerCount == 0)
        #expect(scene.loop.nextTimerDeadline == nil)
        #expect(!scene.display.isBusy)
    }

    @Test func theRefreshRateIsTheDisplays() throws {
        let scene = try Scene(refreshRate: 50)
        let start = scene.loop.now
        View.animate(duration: 0.3, curve: .linear) { scene.box.alpha = 0 }
        let frames = try scene.display.renderUntilIdle()
        #expect((15...16).contains(frames), "0.3 s at 50 Hz")
        for (index, time) in scene.shown.enumerated() {
            #expect(abs(time - (start + Double(index + 1) * 0.02)) < 1e-9)
        }
    }

    @Test func aChangeMadeBetweenRefreshesIsShownAtTheNextOne() throws {
        let scene = try Scene()
        try scene.display.advance(by: 0.005)
        scene.box.backgroundColor = Color(hex: 0xCC3300)
        #expect(try scene.display.renderUntilIdle() == 1)
        #expect(scene.shown == [2.0 / 60])
    }
}
