import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// A layer view moved by whole pixels (a panel sliding, or following a finger) has the pixels the
/// last frame showed of it moved into the buffer painted next; only what came into view is
/// composed from its layer. Every frame must still equal the screen painted view by view.
@MainActor
struct LayerMoveTests {
    /// Two reference dashboards as panels, the second over the first, and a translucent bar over both.
    private final class Scene {
        let below = ReferenceDashboard(), above = ReferenceDashboard()
        let bar = View(frame: Rect(x: 0, y: 0, width: ReferenceDashboard.size.width, height: 40))
        let root = View(frame: Rect(origin: .zero, size: ReferenceDashboard.size))
        let display: HeadlessDisplay

        /// `size`: the screen's, in points (the dashboards are cut to it); `scale`: device pixels a point.
        init(paintingInPlace: Bool = true, size: Size = ReferenceDashboard.size, scale: Double = 1) throws {
            root.backgroundColor = .black
            above.brightnessLabel.text = "The other panel"
            above.ring.value = 0.8
            for panel in [below.root, above.root] {
                panel.frame = Rect(origin: .zero, size: size)
                panel.clipsToBounds = true
                panel.composesAsLayer = true
                root.addSubview(panel)
            }
            #expect(below.root.isOpaque && above.root.isOpaque)
            bar.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.9, alpha: 0.7)
            root.addSubview(bar)
            above.root.transform = AffineTransform(translationX: size.width, y: 0)
            display = HeadlessDisplay(size: size, scale: scale, rootView: root, paintingInPlace: paintingInPlace)
            try display.renderUntilIdle()
        }

        /// Places the panels, renders the frame and checks it against the screen painted view by view.
        func frame(below belowX: Double, above aboveX: Double, _ step: String) throws {
            below.root.transform = AffineTransform(translationX: belowX, y: 0)
            above.root.transform = AffineTransform(translationX: aboveX, y: 0)
            try expectExactFrame(step)
        }

        /// The frame against a full repaint, and against the same screen with everything damaged
        /// (every painted extent worked out again, which a full repaint takes from the frames).
        func expectExactFrame(_ step: String) throws {
            try display.renderUntilIdle()
            let shown = try #require(display.output.frontSurface).copy()
            let difference = shown.difference(from: display.compositor.renderFullFrame())
            #expect(difference.isEmpty, "\(step): \(difference.differingPixels) pixels differ in \(difference.differingBounds)")
            let moves = display.compositor.lastLayerMoves, painted = display.compositor.lastPaintedPixels
            display.screen.damageEverything()
            try display.renderUntilIdle()
            let fresh = shown.difference(from: try #require(display.output.frontSurface))
            #expect(fresh.isEmpty, "\(step), everything damaged: \(fresh.differingPixels) pixels differ in \(fresh.differingBounds)")
            (lastMoves, lastPainted) = (moves, painted)
        }

        /// What the frame checked last did (the repaint with everything damaged comes after it).
        var moves: Int { lastMoves }
        var painted: Int { lastPainted }
        private var lastMoves = 0, lastPainted = 0
    }

    static let screenArea = Int(ReferenceDashboard.size.width * ReferenceDashboard.size.height)

    @Test func aSlideMovesBothPanelsAndPaintsOnlyTheStripThatCameIntoView() throws {
        let scene = try Scene()
        let width = ReferenceDashboard.size.width
        for step in 1...16 {
            let progress = Double(step) / 17
            // The way panels slide: the one coming in covers the one leaving, which moves less.
            try scene.frame(below: (-0.3 * progress * width).rounded(), above: ((1 - progress) * width).rounded(), "step \(step)")
            if step > 1 {
                #expect(scene.moves == 2, "step \(step)")
                #expect(scene.painted < Self.screenArea / 8, "step \(step): \(scene.painted) pixels painted")
            }
        }
    }

    @Test func aFingerMovingBackAndForthByAPixelOrTwoMovesThePixelsBothWays() throws {
        let scene = try Scene()
        let width = ReferenceDashboard.size.width
        var offset = -500.0
        try scene.frame(below: offset, above: offset + width, "start")
        // Right by a pixel or two is the move whose rows are copied from their ends.
        for (step, delta) in [1.0, -2, 2, -1, 3, 1, -3, 2].enumerated() {
            offset += delta
            try scene.frame(below: offset, above: offset + width, "step \(step), by \(delta)")
            #expect(scene.moves == 2, "step \(step)")
        }
    }

    @Test func whatChangesOverOrInsideAMovingPanelIsPaintedAsUsual() throws {
        let scene = try Scene()
        try scene.frame(below: -20, above: 900, "start")
        try scene.frame(below: -25, above: 880, "moved")
        #expect(scene.moves == 2)

        // The bar over both changes colour as they move.
        scene.bar.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.5)
        try scene.frame(below: -30, above: 860, "bar recoloured")
        // A view appears over the panels, then goes.
        let badge = View(frame: Rect(x: 700, y: 300, width: 300, height: 120))
        badge.backgroundColor = .white
        badge.cornerRadius = 20
        scene.root.addSubview(badge)
        try scene.frame(below: -35, above: 840, "badge shown")
        badge.removeFromSuperview()
        try scene.frame(below: -40, above: 820, "badge removed")
        #expect(scene.moves == 2)

        // Something inside the moving panel changes: its layer is painted again, nothing moved.
        scene.above.ring.value = 0.3
        try scene.frame(below: -45, above: 800, "ring inside changed")
        scene.below.brightnessLabel.text = "Changed below"
        try scene.frame(below: -50, above: 780, "label below changed")
        try scene.frame(below: -55, above: 760, "after the changes")
        #expect(scene.moves == 2)
    }

    @Test func panelsThatChangePlacesInTheStackAreNotMovedFromTheOldPicture() throws {
        let scene = try Scene()
        try scene.frame(below: -20, above: 900, "start")
        try scene.frame(below: -30, above: 880, "moved")
        // The panel that was below now covers the other: what the last frame showed there is not its.
        scene.root.setSubviews([scene.above.root, scene.below.root, scene.bar])
        try scene.frame(below: -40, above: 860, "restacked")
        #expect(scene.moves == 0)
        try scene.frame(below: -50, above: 840, "moved again")
        #expect(scene.moves == 2)
    }

    @Test func aTranslucentPanelIsPaintedNotMoved() throws {
        let scene = try Scene()
        try scene.frame(below: -20, above: 900, "start")
        scene.above.root.alpha = 0.6
        try scene.frame(below: -30, above: 880, "translucent")
        try scene.frame(below: -40, above: 860, "translucent, moved")
        #expect(scene.moves == 1)
        // Opaque again: its last picture was blended, so the first frame paints it whole.
        scene.above.root.alpha = 1
        try scene.frame(below: -50, above: 840, "opaque again")
        try scene.frame(below: -60, above: 820, "opaque, moved")
        #expect(scene.moves == 2)
    }

    /// On a dense screen, panels moved by whole device pixels (half points) move their pixels;
    /// one between device pixels is composed.
    @Test func onADenseScreenWholeDevicePixelsMove() throws {
        let scene = try Scene(size: Size(width: 640, height: 400), scale: 2)
        for (step, x) in [500.0, 480.5, 470, 455.5, 440].enumerated() {
            try scene.frame(below: (-(640 - x) * 0.3 * 2).rounded() / 2, above: x, "step \(step)")
            if step > 0 { #expect(scene.moves == 2, "step \(step)") }
        }
        try scene.frame(below: -70, above: 430.25, "between device pixels")
        #expect(scene.moves == 1)
    }

    @Test func aShadowBufferComposesTheLayersInstead() throws {
        let scene = try Scene(paintingInPlace: false)
        #expect(!scene.display.compositor.paintsInPlace)
        for step in 1...4 {
            try scene.frame(below: Double(-10 * step), above: Double(900 - 30 * step), "step \(step)")
            #expect(scene.moves == 0)
        }
    }
}
