import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// The dashboard's cards copy their shadow and body from a picture each (`BackdropPicture`), drawn
/// once when a card is painted whole the second time, and every frame equals the screen drawn view
/// by view.
struct BackgroundPictureTests {
    @Test(arguments: Appearance.allCases)
    func cardsDrawTheirPicturesOnceAndEveryFrameIsWhatDrawingGives(appearance: Appearance) throws {
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, environment: Environment(appearance: appearance),
                                      rootView: dashboard.root)
        try display.renderUntilIdle()
        let cards = (1...6).compactMap { display.screen.view(withID: "card\($0)") }
        #expect(cards.count == 6)
        func expectFrameIsDrawnOne(_ moment: String) throws {
            let frame = try #require(display.output.frontSurface)
            let drawn = display.compositor.renderFullFrameWithoutLayers()
            #expect(frame.difference(from: drawn).isEmpty, "\(moment)")
        }
        try expectFrameIsDrawnOne("first frame")
        // A card painted once keeps no picture.
        #expect(cards.map { $0.backgroundPicture?.drawCount } == Array(repeating: 0, count: 6))
        #expect(display.compositor.pictures.bytes == 0)

        // The ring repaints inside the first card's body; the whole screen is repainted too, which
        // draws the pictures, then copies them.
        for step in 0..<6 {
            dashboard.ring.value = 0.42 + Double(step) / 100
            if step % 3 == 2 { display.screen.damageEverything() }
            try display.advance(by: display.refreshInterval)
            try expectFrameIsDrawnOne("step \(step)")
        }
        #expect(cards.map { $0.backgroundPicture?.drawCount } == Array(repeating: 1, count: 6))

        // The second card moves over the first one's shadow: its picture, and those of the cards
        // whose shadows it now covers or uncovers, are drawn again where the whole of them is painted.
        cards[1].frame = cards[1].frame.offsetBy(dx: -20, dy: 7)
        try display.renderUntilIdle()
        try expectFrameIsDrawnOne("card moved")
        #expect(cards[1].backgroundPicture?.drawCount == 2)
        cards[1].backgroundColor = .systemRed
        try display.renderUntilIdle()
        try expectFrameIsDrawnOne("card recoloured")
        #expect(cards[1].backgroundPicture?.drawCount == 3)
    }

    @Test func aViewThatLosesItsShadowLetsItsPictureGo() throws {
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
        try display.renderUntilIdle()
        let card = try #require(display.screen.view(withID: "card3"))
        #expect(card.backgroundPicture != nil)
        card.shadow = nil
        try display.renderUntilIdle()
        #expect(card.backgroundPicture == nil)
        let frame = try #require(display.output.frontSurface)
        #expect(frame.difference(from: display.compositor.renderFullFrameWithoutLayers()).isEmpty)
    }
}
