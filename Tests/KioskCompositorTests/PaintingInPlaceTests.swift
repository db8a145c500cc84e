import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// A display whose buffers are plain memory is painted in place: each frame goes straight into the
/// buffer shown next, which first takes what it missed from the buffer shown last. Every frame
/// must equal the one a shadow buffer gives, and a repaint of everything.
struct PaintingInPlaceTests {
    /// The reference dashboard twice, painted in place and through a shadow buffer.
    @MainActor
    private struct Pair {
        let inPlace = ReferenceDashboard(), shadowed = ReferenceDashboard()
        let inPlaceDisplay: HeadlessDisplay, shadowedDisplay: HeadlessDisplay

        init() throws {
            inPlaceDisplay = HeadlessDisplay(size: ReferenceDashboard.size, rootView: inPlace.root)
            shadowedDisplay = HeadlessDisplay(size: ReferenceDashboard.size, rootView: shadowed.root, paintingInPlace: false)
            #expect(inPlaceDisplay.compositor.paintsInPlace)
            #expect(!shadowedDisplay.compositor.paintsInPlace)
            try render()
        }

        func render() throws {
            try inPlaceDisplay.renderUntilIdle()
            try shadowedDisplay.renderUntilIdle()
        }

        func change(_ body: (ReferenceDashboard, HeadlessDisplay) -> Void) throws {
            body(inPlace, inPlaceDisplay)
            body(shadowed, shadowedDisplay)
            try render()
        }

        func expectSameFrames(_ step: String) throws {
            let shown = try #require(inPlaceDisplay.output.frontSurface)
            let reference = try #require(shadowedDisplay.output.frontSurface)
            let difference = shown.difference(from: reference)
            #expect(difference.isEmpty, "\(step): \(difference.differingPixels) pixels differ in \(difference.differingBounds)")
            let full = shown.difference(from: inPlaceDisplay.compositor.renderFullFrame())
            #expect(full.isEmpty, "\(step): \(full.differingPixels) pixels differ from a full repaint in \(full.differingBounds)")
        }
    }

    @Test @MainActor func framesPaintedInPlaceEqualFramesCopiedFromAShadowBuffer() throws {
        let pair = try Pair()
        try pair.expectSameFrames("first frame")
        // Changes in different places on consecutive frames: each buffer misses the other's.
        for (step, value) in [0.43, 0.7, 0.1, 0.99, 0.42].enumerated() {
            try pair.change { dashboard, _ in dashboard.ring.value = value }
            try pair.expectSameFrames("ring \(step)")
            try pair.change { dashboard, _ in dashboard.slider.value = value }
            try pair.expectSameFrames("slider \(step)")
            try pair.change { dashboard, _ in dashboard.brightnessLabel.text = "Brightness \(step)" }
            try pair.expectSameFrames("label \(step)")
            try pair.change { _, display in
                let card = display.screen.view(withID: "card6")!
                card.frame = card.frame.offsetBy(dx: step % 2 == 0 ? 7 : -7, dy: 3)
            }
            try pair.expectSameFrames("card \(step)")
        }
    }

    @Test @MainActor func theShownFrameIsTheOnePaintedAndNoShadowIsKept() throws {
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
        try display.renderUntilIdle()
        for value in [0.43, 0.42, 0.43] {
            dashboard.ring.value = value
            try display.renderUntilIdle()
            #expect(display.compositor.shadowBuffer === display.output.frontSurface)
        }
    }

    @Test @MainActor func aBufferTakesOnlyWhatItMissedOutsideTheDamage() throws {
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
        try display.renderUntilIdle()
        // The same area changes every frame: what the next buffer missed is repainted anyway.
        for value in [0.43, 0.42, 0.43, 0.42] {
            dashboard.ring.value = value
            try display.renderUntilIdle()
        }
        #expect(display.compositor.lastCopiedPixels == 0)
        // The label changes once; the ring's next frame brings the label to the other buffer.
        dashboard.brightnessLabel.text = "Brightness 12%"
        try display.renderUntilIdle()
        let labelDamage = display.compositor.lastDamage
        dashboard.ring.value = 0.43
        try display.renderUntilIdle()
        var expected = labelDamage
        expected.subtract(display.compositor.lastDamage)
        #expect(display.compositor.lastCopiedPixels == expected.area)
        #expect(expected.area > 0)
    }

    @Test @MainActor func aScrollMovesTheLastFramesPixelsStraightIntoTheNextBuffer() throws {
        let (root, scroll) = ScrollCopyTests().scene()
        let display = HeadlessDisplay(size: Size(width: 720, height: 420), rootView: root)
        #expect(display.compositor.paintsInPlace)
        try display.renderUntilIdle()
        for step in 0..<6 {
            scroll.contentOffset += 33
            try display.renderUntilIdle()
            #expect(display.compositor.lastScrollCopies == 1)
            // The next buffer missed the last scroll's area, which this one's move and strip
            // write again: nothing is copied besides the move.
            if step > 0 { #expect(display.compositor.lastCopiedPixels == 0, "step \(step)") }
            let shown = try #require(display.output.frontSurface)
            let difference = shown.difference(from: display.compositor.renderFullFrame())
            #expect(difference.isEmpty, "step \(step): \(difference.differingPixels) pixels differ")
        }
    }

    @Test @MainActor func aMovedPictureIsCopiedFromAShadowBufferFromThenOn() throws {
        let pair = try Pair()
        try pair.change { dashboard, display in
            dashboard.ring.value = 0.6
            display.compositor.movePicture(to: PixelOffset(x: 3, y: -2))
        }
        #expect(!pair.inPlaceDisplay.compositor.paintsInPlace)
        try pair.change { dashboard, _ in dashboard.ring.value = 0.2 }
        let shown = try #require(pair.inPlaceDisplay.output.frontSurface)
        let reference = try #require(pair.shadowedDisplay.output.frontSurface)
        #expect(shown.difference(from: reference).isEmpty)
        #expect(pair.inPlaceDisplay.compositor.shadowBuffer.difference(from: pair.inPlaceDisplay.compositor.renderFullFrame()).isEmpty)
    }
}
