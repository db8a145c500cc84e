import Foundation
import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// A scroll moves the pixels already painted and paints the strip that scrolled in: every frame
/// must still be exactly what a full repaint gives.
struct ScrollCopyTests {
    /// A 400×300 opaque scroll view with rows of text, shapes and a shadow, beside a card.
    func scene() -> (root: View, scroll: ScrollView) {
        let root = GradientView(top: Color(hex: 0xEEF2F7), bottom: Color(hex: 0xCBD5E1))
        let scroll = ScrollView()
        scroll.frame = Rect(x: 40, y: 60, width: 400, height: 300)
        scroll.backgroundColor = .systemBackground
        for row in 0..<30 {
            let cell = View(frame: Rect(x: 12, y: 12 + Double(row) * 56, width: 376, height: 44))
            cell.backgroundColor = row.isMultiple(of: 3) ? .systemBlue : Color(.secondarySystemBackground)
            cell.cornerRadius = 8
            cell.shadow = ViewShadow(opacity: 0.25, offset: Size(width: 0, height: 2), radius: 4)
            let label = Label("Row \(row): \(String(repeating: "text ", count: row % 5 + 1))", style: .body)
            label.frame = Rect(x: 12, y: 10, width: 340, height: 24)
            cell.addSubview(label)
            scroll.contentView.addSubview(cell)
        }
        root.addSubview(scroll)
        let card = View(frame: Rect(x: 480, y: 60, width: 200, height: 120))
        card.backgroundColor = .systemGreen
        card.cornerRadius = 12
        root.addSubview(card)
        return (root, scroll)
    }

    @Test func seededScrollsRepaintOnlyTheStripAndEqualAFullRepaint() throws {
        var random = SeededRandom(seed: 7)
        let (root, scroll) = scene()
        let display = HeadlessDisplay(size: Size(width: 720, height: 420), rootView: root)
        try display.renderUntilIdle()
        var copies = 0
        for step in 0..<120 {
            let kind = Int.random(in: 0..<6, using: &random)
            let before = scroll.contentOffset
            switch kind {
            case 0...2:
                // Whole-pixel steps, as a drag or fling frame makes them: copied.
                let delta = Double(Int.random(in: -60...60, using: &random))
                scroll.contentOffset = min(max(before + delta, -40), scroll.maximumOffset + 40)
            case 3:
                // Asked for an offset between pixels, the content lands on a whole one.
                scroll.contentOffset = before + Double.random(in: -20...20, using: &random)
                #expect(scroll.contentOffset.isWhole(within: 1e-9), "step \(step): offset \(scroll.contentOffset)")
            case 4:
                // A scroll and a change inside it in the same frame.
                scroll.contentOffset = (before + 17).rounded()
                let cells = scroll.contentView.subviews
                let cell = cells.randomElement(using: &random)!
                if Bool.random(using: &random) {
                    cell.backgroundColor = [.systemRed, Color(.systemOrange), .systemBlue].randomElement(using: &random)
                } else {
                    cell.frame = cell.frame.offsetBy(dx: Double(Int.random(in: -8...8, using: &random)), dy: 5)
                }
            default:
                // Something above the scroll view reaches into it: painted as before.
                let extra = View(frame: Rect(x: 400, y: 100, width: 60, height: 40))
                extra.backgroundColor = Color(.systemPurple)
                root.addSubview(extra)
                scroll.contentOffset = (before - 9).rounded()
                try display.renderUntilIdle()
                #expect(display.compositor.lastScrollCopies == 0, "a view over the scroll view must stop the copy")
                extra.removeFromSuperview()
            }
            try display.renderUntilIdle()
            copies += display.compositor.lastScrollCopies
            if kind <= 2, scroll.contentOffset != before, before.isWhole(within: 1e-9) {
                #expect(display.compositor.lastScrollCopies == 1, "step \(step): a whole-pixel scroll is a copy")
                let moved = Int(abs(scroll.contentOffset - before))
                #expect(display.compositor.lastPaintedPixels <= moved * 400 + 2 * 44 * 400,
                        "step \(step): painted \(display.compositor.lastPaintedPixels) px for a \(moved) px scroll")
            }
            let partial = try #require(display.output.frontSurface)
            let full = display.compositor.renderFullFrame()
            let comparison = partial.difference(from: full)
            #expect(comparison.differingPixels == 0,
                    "step \(step), kind \(kind), offset \(before) -> \(scroll.contentOffset): \(comparison.differingPixels) pixels differ")
            if comparison.differingPixels > 0 {
                try partial.writePNG(to: "/tmp/kiosk-scroll-partial-\(step).png")
                try full.writePNG(to: "/tmp/kiosk-scroll-full-\(step).png")
                break
            }
        }
        #expect(copies > 40)
    }

    /// Rows out of sight come into view as the content moves. The reference is the same screen
    /// with everything damaged (every painted extent worked out again), not `renderFullFrame`,
    /// which paints by the extents the frames left and would share their mistakes.
    @Test func rowsOutOfSightAreFoundWhenAScrollBringsThemIn() throws {
        try scrollThroughEveryRow { _, _ in }
    }

    /// A view inside the content moves far (out of its row, partly out of sight) in the same
    /// frame as a scroll: where it was and where it is are damage in the moved content, and when
    /// it lies out of sight beyond the moved pixels, the strip that scrolls over it paints it.
    @Test func aViewMovedFarDuringAScrollIsPaintedWhereItWasAndWhereItIs() throws {
        try scrollThroughEveryRow { step, scroll in
            guard step.isMultiple(of: 7) else { return }
            let label = scroll.contentView.subviews[step % 30].subviews[0]
            label.frame = label.frame.offsetBy(dx: 0, dy: label.frame.minY > 100 ? -260 : 260)
        }
    }

    /// A shadow given to a label while its row is off the screen reaches past the row. Nothing
    /// tracks extents off a screen, so when the row comes back its extent is worked out anew:
    /// kept, the row's old extent would pass for the whole subtree, the walk after a scroll would
    /// skip the label, and the shadow cut at the scroll view's edge would stay cut.
    @Test func aShadowSetWhileOffTheScreenScrollsWithItsWholeReach() throws {
        let (root, scroll) = scene()
        let display = HeadlessDisplay(size: Size(width: 720, height: 420), rootView: root)
        try display.renderUntilIdle()
        let content = scroll.contentView
        // Row 4 (y 236-280) and its label's shadow, 14 below, lie inside the 300 high view.
        let row = content.subviews[4]
        row.removeFromSuperview()
        row.subviews[0].shadow = ViewShadow(opacity: 0.6, offset: Size(width: 0, height: 14), radius: 10)
        content.insertSubview(row, at: 4)
        try display.renderUntilIdle()
        var copies = 0
        // The content pulled down 6 pixels a frame, past its top, until the shadow is cut by the
        // view's bottom edge and the row leaves there; then back.
        for step in 0..<60 {
            scroll.contentOffset = Double(step < 30 ? -6 * (step + 1) : 6 * (step - 59))
            try display.renderUntilIdle()
            copies += display.compositor.lastScrollCopies
            let difference = try #require(display.output.frontSurface).difference(from: display.compositor.renderFullFrame())
            #expect(difference.isEmpty, "step \(step), offset \(scroll.contentOffset): \(difference.differingPixels) pixels differ in \(difference.differingBounds)")
            if !difference.isEmpty { break }
        }
        #expect(copies > 50)
    }

    /// Scrolls the 30 rows of `scene()` down and back up, calling `change` before each frame, and
    /// compares every frame with the same screen after `damageEverything()`.
    private func scrollThroughEveryRow(changing change: (_ step: Int, _ scroll: ScrollView) -> Void) throws {
        let (root, scroll) = scene()
        let display = HeadlessDisplay(size: Size(width: 720, height: 420), rootView: root)
        try display.renderUntilIdle()
        var copies = 0
        for step in 0..<80 {
            let delta = step < 40 ? 37.0 : -41.0
            scroll.contentOffset = min(max(scroll.contentOffset + delta, 0), scroll.maximumOffset)
            change(step, scroll)
            try display.renderUntilIdle()
            copies += display.compositor.lastScrollCopies
            let partial = try #require(display.output.frontSurface).copy()
            display.screen.damageEverything()
            try display.renderUntilIdle()
            let difference = partial.difference(from: try #require(display.output.frontSurface))
            #expect(difference.isEmpty, "step \(step), offset \(scroll.contentOffset): \(difference.differingPixels) pixels differ in \(difference.differingBounds)")
        }
        #expect(copies > 30)
    }

    @Test func aTransparentScrollViewIsPaintedAsBefore() throws {
        let (root, scroll) = scene()
        scroll.backgroundColor = nil
        let display = HeadlessDisplay(size: Size(width: 720, height: 420), rootView: root)
        try display.renderUntilIdle()
        scroll.contentOffset = 30
        try display.renderUntilIdle()
        #expect(display.compositor.lastScrollCopies == 0)
        #expect(try #require(display.output.frontSurface).difference(from: display.compositor.renderFullFrame()).differingPixels == 0)
    }

    @Test func aTransparentScrollViewOnAPlainOpaqueContainerIsCopied() throws {
        let (_, scroll) = scene()
        scroll.backgroundColor = nil
        let page = View()
        page.backgroundColor = .systemBackground
        let column = View()
        column.frame = Rect(x: 0, y: 0, width: 720, height: 420)
        scroll.removeFromSuperview()
        column.addSubview(scroll)
        page.addSubview(column)
        let display = HeadlessDisplay(size: Size(width: 720, height: 420), rootView: page)
        try display.renderUntilIdle()
        scroll.frame = Rect(x: 40, y: 60, width: 400, height: 300)
        try display.renderUntilIdle()
        for (step, offset) in [24.0, 60, 300, 290, 250, 230].enumerated() {
            scroll.contentOffset = offset
            try display.renderUntilIdle()
            #expect(display.compositor.lastScrollCopies == 1, "step \(step)")
            #expect(try #require(display.output.frontSurface).difference(from: display.compositor.renderFullFrame()).differingPixels == 0)
        }
        // Something painted under the scroll view, over the page: its pixels would move with the content.
        let under = View(frame: Rect(x: 100, y: 100, width: 50, height: 50))
        under.backgroundColor = .systemRed
        column.insertSubview(under, at: 0)
        try display.renderUntilIdle()
        scroll.contentOffset = 40
        try display.renderUntilIdle()
        #expect(display.compositor.lastScrollCopies == 0)
        #expect(try #require(display.output.frontSurface).difference(from: display.compositor.renderFullFrame()).differingPixels == 0)
    }

    @Test(arguments: [1e12, 1e300, -1e300, Double.nan, Double.infinity])
    func anOffsetFarOutOfRangeIsPaintedNotCopied(offset: Double) throws {
        let (root, scroll) = scene()
        let display = HeadlessDisplay(size: Size(width: 720, height: 420), rootView: root)
        try display.renderUntilIdle()
        scroll.contentOffset = offset
        try display.renderUntilIdle()
        #expect(scroll.contentOffset.isFinite)
        #expect(display.compositor.lastScrollCopies == 0)
        #expect(try #require(display.output.frontSurface).difference(from: display.compositor.renderFullFrame()).differingPixels == 0)
    }

    @Test func movingPixelsKeepsThemInTheirRectangle() {
        let surface = Surface(width: 8, height: 6, format: .xrgb8888)
        let canvas = Canvas(surface: surface)
        for row in 0..<6 { canvas.fill(Rect(x: 0, y: Double(row), width: 8, height: 1), color: RGBA(red: Double(row) / 5, green: 0, blue: 0)) }
        let before = (0..<6).map { surface.pixel(x: 3, y: $0) }
        surface.movePixels(in: PixelRect(x: 2, y: 1, width: 4, height: 4), dx: 0, dy: -2)
        // Rows 3 and 4 moved up to 1 and 2; 3 and 4 keep theirs; 0 and 5 are outside.
        #expect((0..<6).map { surface.pixel(x: 3, y: $0) } == [before[0], before[3], before[4], before[3], before[4], before[5]])
        #expect(surface.pixel(x: 1, y: 1) == before[1])
        surface.movePixels(in: PixelRect(x: 2, y: 1, width: 4, height: 4), dx: 0, dy: 3)
        #expect(surface.pixel(x: 3, y: 4) == before[3], "row 1 moved down to 4")
    }

    /// Pieces moved by different offsets from another surface, copied a row at a time, each row
    /// long enough for the copy from its end (a move right by a pixel or two), and cut where a
    /// piece or its source leaves the surface.
    @Test func copyingPiecesFromAnotherSurfaceTakesEachFromWhereItWas() {
        let width = 300, height = 7
        let source = Surface(width: width, height: height, format: .xrgb8888)
        let target = Surface(width: width, height: height, format: .xrgb8888)
        let memory = source.pixels
        for y in 0..<height {
            for x in 0..<width { memory.storeBytes(of: UInt32(0xFF00_0000) | UInt32(y << 12 | x), toByteOffset: y * source.stride + x * 4, as: UInt32.self) }
        }
        source.markDirty()
        let untouched = target.pixel(x: 0, y: 0)
        let pieces: [(rect: PixelRect, offset: PixelOffset)] = [
            (PixelRect(x: 0, y: 0, width: 120, height: 7), PixelOffset(x: 1, y: 0)),
            (PixelRect(x: 120, y: 1, width: 150, height: 5), PixelOffset(x: 2, y: 1)),
            (PixelRect(x: 270, y: -3, width: 60, height: 20), PixelOffset(x: -3, y: 0)),
        ]
        target.copyPixels(pieces, from: source)
        for y in 0..<height {
            for x in 0..<width {
                let piece = pieces.first { $0.rect.contains(PixelRect(x: x, y: y, width: 1, height: 1)) }
                let fromX = x - (piece?.offset.x ?? 0), fromY = y - (piece?.offset.y ?? 0)
                let inside = piece != nil && fromX >= 0 && fromX < width && fromY >= 0 && fromY < height
                let expected = inside ? source.pixel(x: fromX, y: fromY) : untouched
                guard target.pixel(x: x, y: y) == expected else {
                    Issue.record("pixel (\(x), \(y)) is \(target.pixel(x: x, y: y)), not \(expected)")
                    return
                }
            }
        }
    }
}
