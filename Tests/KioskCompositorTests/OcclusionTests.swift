import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// A view does not paint its own background and content where an opaque subview will paint over
/// them in the same pass. The probe here promises to be opaque and paints nothing, so what shows
/// through it is what the frame before left: where the background was culled, the old colour.
@MainActor
struct OcclusionTests {
    static let size = Size(width: 320, height: 240)
    static let old = Color(hex: 0xFF0000), new = Color(hex: 0x0000FF)

    /// What a root painted `old` for one frame, then `new` with `views` added over it, shows; and
    /// the pixel values of `old` and `new` as painted.
    private func frameAfterRecolouring(size: Size = size, adding views: [View]) throws
        -> (frame: Surface, old: UInt32, new: UInt32, display: HeadlessDisplay) {
        let root = View(frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
        root.backgroundColor = Self.old
        // One buffer: frames are painted in a shadow buffer and copied to it, so what a frame does
        // not paint keeps the frame before. (Two buffers in memory are painted in place; there the
        // next buffer would show the frame before that.)
        let display = HeadlessDisplay(size: size, rootView: root, bufferCount: 1)
        #expect(!display.compositor.paintsInPlace)
        try display.renderUntilIdle()
        let old = try #require(display.output.frontSurface).pixel(x: 0, y: 0)
        root.backgroundColor = Self.new
        for view in views { root.addSubview(view) }
        try display.renderUntilIdle()
        let frame = try #require(display.output.frontSurface)
        let new = frame.pixel(x: 0, y: 0)
        #expect(old != new)
        return (frame, old, new, display)
    }

    private func probe(_ frame: Rect) -> View {
        let probe = View(frame: frame)
        probe.isOpaque = true
        return probe
    }

    @Test func theBackgroundUnderAnOpaqueSubviewIsNotPainted() throws {
        let (frame, old, new, _) = try frameAfterRecolouring(adding: [probe(Rect(x: 40, y: 40, width: 200, height: 150))])
        #expect(frame.pixel(x: 100, y: 100) == old, "culled: the frame before shows through the probe")
        #expect(frame.pixel(x: 239, y: 189) == old)
        #expect(frame.pixel(x: 240, y: 190) == new)
        #expect(frame.pixel(x: 39, y: 100) == new)
    }

    @Test func aSmallViewIsPaintedWhole() throws {
        // Under 128 x 128 pixels of the view, working out the cover costs more than painting.
        let (frame, _, new, _) = try frameAfterRecolouring(size: Size(width: 100, height: 100),
                                                           adding: [probe(Rect(x: 20, y: 20, width: 60, height: 60))])
        #expect(frame.pixel(x: 50, y: 50) == new)
    }

    @Test func aTranslucentOrHiddenSubviewCoversNothing() throws {
        let translucent = probe(Rect(x: 40, y: 40, width: 100, height: 100))
        translucent.alpha = 0.99
        let hidden = probe(Rect(x: 160, y: 40, width: 100, height: 100))
        hidden.isHidden = true
        let (frame, _, new, _) = try frameAfterRecolouring(adding: [translucent, hidden])
        #expect(frame.pixel(x: 90, y: 90) == new, "painted under the translucent probe")
        #expect(frame.pixel(x: 210, y: 90) == new)
    }

    /// A sibling painted before the cover blends over the background where it reaches into the
    /// cover: there the background must have been painted, this frame.
    @Test func whereAnEarlierSiblingReachesTheBackgroundIsPainted() throws {
        let before = View(frame: Rect(x: 20, y: 20, width: 100, height: 100))
        before.backgroundColor = Color(hex: 0x00FF00, alpha: 0.5)
        let cover = probe(Rect(x: 60, y: 60, width: 200, height: 150))
        let (frame, old, new, _) = try frameAfterRecolouring(adding: [before, cover])
        // Green over the new blue, both beside the cover and inside it where `before` reaches.
        let blended = frame.pixel(x: 30, y: 30)
        #expect(blended != new && blended != old)
        #expect(frame.pixel(x: 100, y: 100) == blended)
        // Past `before`, the cover's own area was left to it.
        #expect(frame.pixel(x: 200, y: 150) == old)
    }

    /// A view with many subviews in the damage looks at the first 32 only: the work is bounded,
    /// and past them it paints as it would without occlusion.
    @Test func onlyTheFirstSubviewsAreLookedAtAsCovers() throws {
        // Side by side from x = 8, 7 pixels wide each; the first column is left to the background.
        func middle(ofStrip index: Int) -> Int { 8 + index * 7 + 3 }
        let strips = (0..<40).map { probe(Rect(x: Double(8 + $0 * 7), y: 0, width: 7, height: 240)) }
        let (frame, old, new, _) = try frameAfterRecolouring(adding: strips)
        #expect(frame.pixel(x: middle(ofStrip: 0), y: 120) == old)
        #expect(frame.pixel(x: middle(ofStrip: 31), y: 120) == old, "the 32nd strip covers the background")
        #expect(frame.pixel(x: middle(ofStrip: 32), y: 120) == new, "the 33rd is not looked at")
        #expect(frame.pixel(x: middle(ofStrip: 39), y: 120) == new)
    }

    /// Ten thousand opaque subviews: a frame is what painting every view gives.
    @Test func tenThousandSubviewsPaintWhatDrawingGives() throws {
        let root = View(frame: Rect(origin: .zero, size: Self.size))
        root.backgroundColor = Self.old
        for index in 0..<10_000 {
            let cell = View(frame: Rect(x: Double(index % 100) * 3.2, y: Double(index / 100) * 2.4, width: 3, height: 2))
            cell.backgroundColor = index % 3 == 0 ? Self.new : Color(hex: UInt32(index) & 0xFFFFFF)
            root.addSubview(cell)
        }
        let display = HeadlessDisplay(size: Self.size, rootView: root)
        try display.renderUntilIdle()
        let frame = try #require(display.output.frontSurface)
        #expect(frame.difference(from: display.compositor.renderFullFrameWithoutLayers()).isEmpty)
    }

    /// Real opaque subviews (cards with rounded corners and shadows) leave a frame made with
    /// culling equal to one painted view by view, in both a full and a partial repaint.
    @Test func cardsOverAGradientPaintTheSameFrame() throws {
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
        try display.renderUntilIdle()
        let card = try #require(display.screen.view(withID: "card5"))
        for step in 0..<4 {
            card.frame = card.frame.offsetBy(dx: step % 2 == 0 ? -9 : 5, dy: 3)
            dashboard.slider.value = Double(10 * step)
            try display.renderUntilIdle()
            let frame = try #require(display.output.frontSurface)
            #expect(frame.difference(from: display.compositor.renderFullFrameWithoutLayers()).isEmpty, "step \(step)")
        }
    }
}
