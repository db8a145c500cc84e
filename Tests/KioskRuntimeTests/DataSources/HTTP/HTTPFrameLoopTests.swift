import KioskGraphics
import KioskPlatform
import KioskUI
import Testing
@testable import KioskRuntime

/// The frame loop while a server hangs with a request in flight: an animation keeps presenting a
/// frame at every refresh, on the virtual clock and on the real loop with a real socket.
struct HTTPFrameLoopTests {
    /// A box on a headless display at 60 Hz on `loop`, ready to animate.
    final class Scene {
        let box = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        let display: HeadlessDisplay

        init(loop: any Scheduler) {
            box.backgroundColor = Color(hex: 0x3366CC)
            let root = View()
            root.addSubview(box)
            display = HeadlessDisplay(size: Size(width: 100, height: 80), rootView: root, scheduler: loop, refreshRate: 60)
        }

        func startAnimation(seconds: Double) {
            View.animate(duration: seconds, curve: .linear) { box.alpha = 0 }
        }
    }

    @Test func onTheVirtualClockEveryRefreshPresentsWhileARequestHangs() throws {
        let server = try LocalHTTPServer()
        let loop = VirtualLoop()
        let scene = Scene(loop: loop)
        try scene.display.renderUntilIdle()
        let fetcher = HTTPFetcher(scheduler: loop)
        var outcome: Result<HTTPResponse, HTTPFetchError>?
        let request = fetcher.get(server.url("/hang"), timeout: 5, maximumBytes: 1 << 20) { outcome = $0 }
        let start = loop.now
        // The socket is real: small steps, each polling it, until the request is at the server.
        var arrived = false
        for _ in 0..<500 where !arrived {
            loop.advance(by: 0.001)
            arrived = server.waitForRequest("/hang", within: 0.01)
        }
        #expect(arrived, "the request reached the server")
        #expect(request.isInFlight)

        scene.startAnimation(seconds: 10)
        let frames = try scene.display.advance(by: 1)
        #expect((59...61).contains(frames), "1 s at 60 Hz with a request hanging: \(frames) frames")
        #expect(request.isInFlight)
        #expect(outcome == nil)

        // The timeout counts on the same clock: the hang ends 5 virtual seconds after the start.
        try scene.display.advance(by: start + 4.9 - loop.now)
        #expect(outcome == nil)
        try scene.display.advance(by: 0.2)
        #expect(outcome == .failure(.timedOut))
    }

    @Test func onTheVirtualClockAnAnswerArrivesAsTheLoopPolls() throws {
        let server = try LocalHTTPServer()
        let loop = VirtualLoop()
        let fetcher = HTTPFetcher(scheduler: loop)
        var outcome: Result<HTTPResponse, HTTPFetchError>?
        fetcher.get(server.url("/ok"), timeout: 5, maximumBytes: 1024) { outcome = $0 }
        let realDeadline = MonotonicClock.now() + 5
        while outcome == nil, MonotonicClock.now() < realDeadline {
            loop.advance(by: 0.001)
            _ = server.waitForRequest("/none", within: 0.001)
        }
        #expect(try outcome?.get().status == 200)
        #expect(loop.now < 5, "answered before the virtual timeout")
    }

    /// Real time, so the bound is generous: this is no speed test. It fails only if the fetch
    /// blocks the loop (then hardly a frame is shown while the server hangs).
    @Test func onTheRealLoopFramesKeepComingWhileARequestHangs() throws {
        let server = try LocalHTTPServer()
        let loop = try EventLoop()
        let scene = Scene(loop: loop)
        let fetcher = HTTPFetcher(scheduler: loop)
        var outcome: Result<HTTPResponse, HTTPFetchError>?
        let request = fetcher.get(server.url("/hang"), timeout: 30, maximumBytes: 1 << 20) { outcome = $0 }
        #expect(try loop.run(forAtMost: 5) { server.waitForRequest("/hang", within: 0) }, "the request reached the server")

        scene.startAnimation(seconds: 30)
        let framesBefore = scene.display.framesPresented
        let start = loop.now
        _ = try loop.run(forAtMost: 1) { false }
        let elapsed = loop.now - start
        let frames = scene.display.framesPresented - framesBefore
        #expect(Double(frames) >= 0.5 * 60 * elapsed, "\(frames) frames in \(elapsed) s with a request hanging")
        #expect(request.isInFlight)
        #expect(outcome == nil)
    }
}
