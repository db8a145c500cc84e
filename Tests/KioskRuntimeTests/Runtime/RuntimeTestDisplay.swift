import KioskCompositor
import KioskGraphics
import KioskPlatform
import KioskUI
@testable import KioskRuntime

/// A display whose flips stay in flight until the test completes them, like DRM's: no buffer is free
/// while one is pending.
final class RuntimeTestDisplay: DisplayOutput {
    let surfaces: [Surface]
    let buffers: [ScanoutBuffer]
    private(set) var pendingIndex: Int?
    private var frontIndex: Int?
    private(set) var presentCount = 0

    init(width: Int = 64, height: Int = 48) {
        surfaces = (0..<2).map { _ in Surface(width: width, height: height, format: .xrgb8888) }
        buffers = surfaces.map { ScanoutBuffer(pixels: $0.pixels, stride: $0.stride, width: width, height: height) }
    }

    func nextFreeBuffer() -> Int? {
        guard pendingIndex == nil else { return nil }
        guard let frontIndex else { return 0 }
        return (frontIndex + 1) % buffers.count
    }

    func present(bufferIndex: Int, damage: Region) throws {
        pendingIndex = bufferIndex
        presentCount += 1
    }

    /// The flip is done: the pending buffer is on screen.
    func completeFlip() {
        guard let pendingIndex else { return }
        frontIndex = pendingIndex
        self.pendingIndex = nil
    }
}

/// A frame loop on a real event loop, rendering one coloured view into a `RuntimeTestDisplay`.
typealias RuntimeFrameFixture = FrameFixture<EventLoop>

/// A frame loop on `Loop` (the real event loop, or a `VirtualLoop`), rendering one coloured view
/// into a `RuntimeTestDisplay`.
final class FrameFixture<Loop: Scheduler> {
    let loop: Loop
    let display = RuntimeTestDisplay()
    let root = View()
    let compositor: Compositor
    let frames: FrameLoop

    convenience init(refreshInterval: Double = 0.01) throws where Loop == EventLoop {
        self.init(refreshInterval: refreshInterval, loop: try EventLoop())
    }

    init(refreshInterval: Double = 0.01, loop: Loop) {
        self.loop = loop
        root.backgroundColor = Color(hex: 0x336699)
        let screen = Screen(size: Size(width: 64, height: 48), rootView: root, scheduler: loop)
        compositor = Compositor(screen: screen, output: display)
        frames = FrameLoop(loop: loop)
        frames.attach(compositor, refreshInterval: refreshInterval)
    }

    /// Runs the loop until `condition` holds; refuses to block when no timer could wake it. A
    /// virtual loop moves to its next timer at each step.
    func run(until condition: () -> Bool, maxWakeups: Int = 200) -> Bool {
        for _ in 0..<maxWakeups {
            if condition() { return true }
            guard loop.armedTimerCount > 0 else { return false }
            if let virtual = loop as? VirtualLoop {
                virtual.advanceToNextTimer()
            } else if let real = loop as? EventLoop {
                try? real.runOnce()
            }
        }
        return condition()
    }

    /// Completes the flip in flight the way DRM reports it: with the time it happened.
    func completeFlip() {
        display.completeFlip()
        frames.flipCompleted(at: loop.now)
    }
}
